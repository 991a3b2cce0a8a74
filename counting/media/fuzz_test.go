package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"linguaport/counting/internal/refusal"
)

// Fuzz targets, one a format, seeded with the test files: nothing may panic (duration has no
// recover, so a panic is a finding), a refusal is ErrMalformed and a duration is plausible.
// Crashers found are kept under testdata/fuzz/.

func fuzzDuration(f *testing.F, format string, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := duration(bytes.NewReader(b), int64(len(b)), format) // a panic is a finding
		if err != nil {
			if !errors.Is(err, refusal.ErrMalformed) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if d < 0 || d > maxDuration {
			t.Fatalf("duration %v", d)
		}
	})
}

func FuzzMP3(f *testing.F) {
	fuzzDuration(f, formatMP3,
		append(id3Tag(20), cbrMP3(25, 3, 8, 8000, 6)...),
		vbrMP3(3, "Xing"), vbrMP3(3, "VBRI"), vbrMP3(4, ""),
		cbrMP3(2, 3, 8, 22050, 4), cbrMP3(25, 3, 16, 11025, 4), cbrMP3(1, 1, 32, 48000, 4),
		append(append(append([]byte("ID3\x04\x00\x00\x00\x00\x00\x00"), cbrMP3(2, 2, 8, 24000, 3)...), "APETAGEX"...), make([]byte, 24)...),
		append(cbrMP3(2, 3, 8, 16000, 3), append([]byte("TAG"), make([]byte, 125)...)...))
}

func FuzzWAV(f *testing.F) {
	ds64 := make([]byte, 28)
	binary.LittleEndian.PutUint64(ds64[8:], 400)
	fuzzDuration(f, formatWAV,
		riff("RIFF", fmtChunk(1, 2, 44100, 16), chunk{"data", make([]byte, 400)}),
		riff("RIFF", chunk{"LIST", []byte("INFOabc")}, chunk{"data", make([]byte, 41)}, fmtChunk(1, 1, 8000, 8)),
		riff("RIFF", fmtChunk(0x11, 1, 22050, 4), chunk{"fact", []byte{1, 2, 0, 0}}, chunk{"data", make([]byte, 10)}),
		riff("RF64", chunk{"ds64", ds64}, fmtChunk(1, 2, 48000, 16), chunk{"data", make([]byte, 400)}))
}

func FuzzMP4(f *testing.F) {
	tfhd := []byte{0, 0, 0, 8, 0, 0, 0, 1, 0, 0, 4, 0}
	trun := binary.BigEndian.AppendUint32([]byte{0, 0, 1, 0}, 2)
	trun = append(trun, 0, 0, 1, 0, 0, 0, 2, 0)
	fuzzDuration(f, formatMP4,
		append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 1000, 5000), trak(1, 100, 500))...),
		append(box64("mdat", make([]byte, 10)), box("moov", timingBox("mvhd", 1, 48000, 96000))...),
		append(append(append([]byte(nil), ftyp...), box("moov", timingBox("mvhd", 0, 1000, 0), trak(1, 1000, 0))...),
			box("moof", box("traf", box("tfhd", tfhd), box("trun", trun)))...))
}
