package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
	"time"

	"linguaport/counting/internal/refusal"
)

func box(typ string, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

func box64(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, 1)
	b = append(b, typ...)
	b = binary.BigEndian.AppendUint64(b, uint64(16+len(body)))
	return append(b, body...)
}

// timingBox is an mvhd or mdhd box of version v.
func timingBox(typ string, v int, scale uint32, dur uint64) []byte {
	var b []byte
	if v == 0 {
		b = append([]byte{0, 0, 0, 0}, make([]byte, 8)...)
		b = binary.BigEndian.AppendUint32(b, scale)
		b = binary.BigEndian.AppendUint32(b, uint32(dur))
	} else {
		b = append([]byte{1, 0, 0, 0}, make([]byte, 16)...)
		b = binary.BigEndian.AppendUint32(b, scale)
		b = binary.BigEndian.AppendUint64(b, dur)
	}
	return box(typ, b, make([]byte, 80))
}

var ftyp = box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2mp41"))

func trak(id uint32, scale uint32, dur uint64) []byte {
	tkhd := append([]byte{0, 0, 0, 3}, make([]byte, 8)...)
	tkhd = binary.BigEndian.AppendUint32(tkhd, id)
	return box("trak", box("tkhd", tkhd, make([]byte, 68)), box("mdia", timingBox("mdhd", 0, scale, dur)))
}

func TestMediaMP4(t *testing.T) {
	mdat := box("mdat", make([]byte, 5000))
	v0 := append(append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 1000, 90500), trak(1, 44100, 44100*90))...), mdat...)
	v1 := append(append(append([]byte(nil), ftyp...), box64("mdat", make([]byte, 3000))...),
		box("moov", timingBox("mvhd", 1, 48000, 48000*3723+12000))...)
	mehd := append([]byte{1, 0, 0, 0}, binary.BigEndian.AppendUint64(nil, 600*125)...)
	fragMehd := append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 600, 0),
		box("mvex", box("mehd", mehd)))...)
	// Fragments without mehd: the samples of the fragments are added up (per track, the longest).
	trex := binary.BigEndian.AppendUint32(append([]byte{0, 0, 0, 0}, 0, 0, 0, 1, 0, 0, 0, 1), 1024)
	trex = append(trex, make([]byte, 8)...)
	frag := append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 1000, 0),
		trak(1, 48000, 0), box("mvex", box("trex", trex)))...)
	for i := range 10 {
		tfhd := []byte{0, 0, 0, 0, 0, 0, 0, 1}
		trunDefault := binary.BigEndian.AppendUint32([]byte{0, 0, 0, 0}, 470) // 470 × 1024 samples
		perSample := binary.BigEndian.AppendUint32([]byte{0, 0, 1, 0}, 2)     // two samples with durations
		perSample = binary.BigEndian.AppendUint32(perSample, 1000)
		perSample = binary.BigEndian.AppendUint32(perSample, 200)
		frag = append(frag, box("moof", box("mfhd", make([]byte, 8)),
			box("traf", box("tfhd", tfhd), box("trun", trunDefault), box("trun", perSample)))...)
		frag = append(frag, box("mdat", make([]byte, 100+i))...)
	}
	// mvhd without a duration, the tracks' mdhd with one.
	mdhd := append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 1000, 0xffffffff),
		trak(1, 25, 25*61), trak(2, 44100, 44100*62+22050))...)
	cases := []struct {
		name string
		b    []byte
		want time.Duration
	}{
		{"mvhd version 0", v0, 90500 * time.Millisecond},
		{"mvhd version 1, 64-bit mdat, moov at the end", v1, time.Hour + 2*time.Minute + 3250*time.Millisecond},
		{"fragmented with mehd", fragMehd, 125 * time.Second},
		{"fragmented", frag, time.Duration(10*(470*1024+1200)) * time.Second / 48000},
		{"track durations", mdhd, 62500 * time.Millisecond},
		{"padding after the last box", append(append([]byte(nil), v0...), 0, 0, 0), 90500 * time.Millisecond},
	}
	for _, c := range cases {
		for _, f := range []string{formatMP4, formatM4A} {
			if d := mustDuration(t, f, c.b); d != c.want {
				t.Errorf("%s (%s): %v, want %v", c.name, f, d, c.want)
			}
		}
	}

	expectMalformed(t, formatMP4, "truncated in mdat", v0[:len(v0)-100])
	expectMalformed(t, formatMP4, "truncated in moov", v1[:len(v1)-20])
	expectMalformed(t, formatMP4, "no moov", append(append([]byte(nil), ftyp...), mdat...))
	expectMalformed(t, formatMP4, "zero time scale", append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 0, 100))...))
	expectMalformed(t, formatMP4, "box smaller than its header", append(append([]byte(nil), ftyp...), 0, 0, 0, 4, 'm', 'o', 'o', 'v'))
	expectMalformed(t, formatMP4, "not boxes", []byte("this is not an mp4 file at all"))
	expectMalformed(t, formatMP4, "too many boxes", append(append([]byte(nil), ftyp...), bytes.Repeat(box("free"), mp4MaxBoxes+1)...))
	expectMalformed(t, formatM4A, "empty", nil)
	huge := append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 1, 1, 1<<62))...)
	expectMalformed(t, formatMP4, "implausible duration", huge)
	if _, err := Duration(bytes.NewReader(v0), int64(len(v0)), "pdf"); !errors.Is(err, refusal.ErrUnsupported) {
		t.Errorf("pdf: %v", err)
	}
}
