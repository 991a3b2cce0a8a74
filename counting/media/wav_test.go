package media

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"
)

type chunk struct {
	id   string
	body []byte
}

func riff(form string, chunks ...chunk) []byte {
	var b bytes.Buffer
	b.WriteString(form)
	b.Write([]byte{0, 0, 0, 0})
	b.WriteString("WAVE")
	for _, c := range chunks {
		b.WriteString(c.id)
		binary.Write(&b, binary.LittleEndian, uint32(len(c.body)))
		b.Write(c.body)
		if len(c.body)%2 == 1 {
			b.WriteByte(0)
		}
	}
	out := b.Bytes()
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

func fmtChunk(format, channels uint16, rate uint32, bits uint16) chunk {
	align := channels * bits / 8
	if align == 0 {
		align = 1
	}
	b := make([]byte, 16)
	binary.LittleEndian.PutUint16(b[0:], format)
	binary.LittleEndian.PutUint16(b[2:], channels)
	binary.LittleEndian.PutUint32(b[4:], rate)
	binary.LittleEndian.PutUint32(b[8:], rate*uint32(align))
	binary.LittleEndian.PutUint16(b[12:], align)
	binary.LittleEndian.PutUint16(b[14:], bits)
	return chunk{"fmt ", b}
}

// pcmWAV is 2.5 s of 16-bit stereo PCM at 44.1 kHz.
func pcmWAV() []byte {
	return riff("RIFF", fmtChunk(1, 2, 44100, 16), chunk{"data", make([]byte, 441000)})
}

func TestMediaWAV(t *testing.T) {
	if d := mustDuration(t, formatWAV, pcmWAV()); d != 2500*time.Millisecond {
		t.Errorf("2.5 s WAV: %v", d)
	}
	list := chunk{"LIST", []byte("INFOISFT\x05\x00\x00\x00Lavf\x00")} // odd size: padded
	cases := map[string]struct {
		b    []byte
		want time.Duration
	}{
		"chunks in another order": {riff("RIFF", list, chunk{"data", make([]byte, 88200)}, chunk{"fact", []byte{1, 0, 0, 0}}, fmtChunk(1, 1, 44100, 16)), time.Second},
		"8-bit mono, odd data":    {riff("RIFF", fmtChunk(1, 1, 8000, 8), chunk{"data", make([]byte, 12001)}, list), 1500125 * time.Microsecond},
		"ADPCM with fact":         {riff("RIFF", fmtChunk(0x11, 1, 22050, 4), chunk{"fact", []byte{0x22, 0x56, 0, 0}}, chunk{"data", make([]byte, 11100)}), time.Second},
	}
	// A writer that left out the pad byte after an odd chunk.
	nopad := riff("RIFF", fmtChunk(1, 1, 16000, 16))
	nopad = append(nopad, "bext\x03\x00\x00\x00abc"...)
	nopad = append(nopad, "data\x00\x7d\x00\x00"...)
	nopad = append(nopad, make([]byte, 32000)...)
	cases["missing pad byte"] = struct {
		b    []byte
		want time.Duration
	}{nopad, time.Second}
	// RF64: the sizes are in the ds64 chunk.
	ds64 := make([]byte, 28)
	binary.LittleEndian.PutUint64(ds64[8:], 96000*3)
	rf := riff("RF64", chunk{"ds64", ds64}, fmtChunk(1, 2, 48000, 8), chunk{"data", make([]byte, 96000*3)})
	binary.LittleEndian.PutUint32(rf[len(rf)-96000*3-4:], 0xffffffff)
	cases["RF64"] = struct {
		b    []byte
		want time.Duration
	}{rf, 3 * time.Second}
	// A recorder that never wrote the sizes.
	streamed := pcmWAV()
	binary.LittleEndian.PutUint32(streamed[4:], 0xffffffff)
	binary.LittleEndian.PutUint32(streamed[40:], 0xffffffff)
	cases["streamed"] = struct {
		b    []byte
		want time.Duration
	}{streamed, 2500 * time.Millisecond}
	for name, c := range cases {
		if d := mustDuration(t, formatWAV, c.b); d != c.want {
			t.Errorf("%s: %v, want %v", name, d, c.want)
		}
	}

	w := pcmWAV()
	expectMalformed(t, formatWAV, "truncated header", w[:30])
	expectMalformed(t, formatWAV, "truncated data", w[:len(w)-300000])
	expectMalformed(t, formatWAV, "no data", riff("RIFF", fmtChunk(1, 1, 8000, 8)))
	expectMalformed(t, formatWAV, "no fmt", riff("RIFF", chunk{"data", make([]byte, 100)}))
	expectMalformed(t, formatWAV, "zero rate", riff("RIFF", fmtChunk(1, 1, 0, 8), chunk{"data", make([]byte, 100)}))
	expectMalformed(t, formatWAV, "not RIFF", []byte("RIFX\x00\x00\x00\x00WAVEfmt "))
	expectMalformed(t, formatWAV, "empty", nil)
}
