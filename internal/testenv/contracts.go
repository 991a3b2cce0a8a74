package testenv

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/events/contracts"
)

// CheckEventContracts checks every event on rdb's event streams against its contract
// (internal/events/contracts): what a producer's code published and what a consumer's test wrote
// for it to read. A test's Redis is checked when the test ends; the whole-stack tests check
// theirs when the stack stops.
//
// With CONTRACTS_RECORD set to a directory, the payloads are appended there instead
// (<type>.jsonl), to write a new event type's contract from what its producer sends.
func CheckEventContracts(t testing.TB, rdb *redis.Client) {
	t.Helper()
	ctx := context.Background()
	var streams []string
	iter := rdb.Scan(ctx, 0, "events:*", 100).Iterator()
	for iter.Next(ctx) {
		streams = append(streams, iter.Val())
	}
	if err := iter.Err(); err != nil {
		t.Errorf("event contracts: list streams: %v", err)
		return
	}
	record := os.Getenv("CONTRACTS_RECORD")
	for _, stream := range streams {
		if kind, err := rdb.Type(ctx, stream).Result(); err != nil || kind != "stream" {
			continue
		}
		msgs, err := rdb.XRangeN(ctx, stream, "-", "+", 100_000).Result()
		if err != nil {
			t.Errorf("event contracts: read %s: %v", stream, err)
			continue
		}
		for _, m := range msgs {
			typ, _ := m.Values["type"].(string)
			data, _ := m.Values["data"].(string)
			if typ == "" {
				continue // not an event: the stream's consumers skip it too
			}
			if record != "" {
				recordPayload(t, record, typ, data)
				continue
			}
			if err := contracts.Check(typ, []byte(data)); err != nil {
				t.Errorf("event %s on %s breaks its contract: %v\n%s", m.ID, stream, err, data)
			}
		}
	}
}

func recordPayload(t testing.TB, dir, typ, data string) {
	line, _ := json.Marshal(map[string]string{"test": t.Name(), "data": data})
	f, err := os.OpenFile(filepath.Join(dir, typ+".jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Errorf("event contracts: %v", err)
		return
	}
	defer f.Close()
	_, _ = f.Write(append(line, '\n'))
}
