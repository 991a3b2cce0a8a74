package embeddb

import (
	"encoding/binary"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

func buildOpMsg(t *testing.T, flags uint32, body bson.D, sequence bool) []byte {
	t.Helper()
	doc, err := bson.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	msg := make([]byte, 16, 64)
	binary.LittleEndian.PutUint32(msg[12:], opMsg)
	msg = binary.LittleEndian.AppendUint32(msg, flags)
	if sequence { // a kind-1 section before the body, as drivers send for bulk writes
		seqDoc, _ := bson.Marshal(bson.D{{Key: "_id", Value: 1}})
		ident := append([]byte("documents"), 0)
		msg = append(msg, 1)
		msg = binary.LittleEndian.AppendUint32(msg, uint32(4+len(ident)+len(seqDoc)))
		msg = append(msg, ident...)
		msg = append(msg, seqDoc...)
	}
	msg = append(msg, 0)
	msg = append(msg, doc...)
	binary.LittleEndian.PutUint32(msg[0:], uint32(len(msg)))
	return msg
}

func TestCommandOf(t *testing.T) {
	cases := []struct {
		name    string
		msg     []byte
		cmd     string
		more    bool
		isWrite bool
	}{
		{"update", buildOpMsg(t, 0, bson.D{{Key: "update", Value: "quotes"}, {Key: "$db", Value: "orders"}}, false), "update", false, true},
		{"findAndModify", buildOpMsg(t, 0, bson.D{{Key: "findAndModify", Value: "quotes"}}, false), "findAndModify", false, true},
		{"insert with a document sequence", buildOpMsg(t, 0, bson.D{{Key: "insert", Value: "quotes"}}, true), "insert", false, true},
		{"unacknowledged delete", buildOpMsg(t, flagMoreToCome, bson.D{{Key: "delete", Value: "quotes"}}, false), "delete", true, true},
		{"find", buildOpMsg(t, 0, bson.D{{Key: "find", Value: "quotes"}}, false), "find", false, false},
		{"hello", buildOpMsg(t, 0, bson.D{{Key: "hello", Value: 1}}, false), "hello", false, false},
	}
	for _, tc := range cases {
		cmd, more := commandOf(tc.msg)
		if cmd != tc.cmd || more != tc.more || writeCommands[cmd] != tc.isWrite {
			t.Errorf("%s: got %q more=%v write=%v", tc.name, cmd, more, writeCommands[cmd])
		}
	}
	// Truncated messages are passed through as "no command", never a panic.
	good := cases[2].msg
	for n := 16; n < len(good); n++ {
		_, _ = commandOf(good[:n])
	}
	legacy := make([]byte, 40)
	binary.LittleEndian.PutUint32(legacy[12:], 2004) // OP_QUERY
	if cmd, _ := commandOf(legacy); cmd != "" {
		t.Errorf("OP_QUERY parsed as %q", cmd)
	}
}
