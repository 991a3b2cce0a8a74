package media

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"
)

// mp3Frame is an MPEG audio frame header; version 1, 2 or 25; layer 1..3.
func mp3Frame(version, layer, kbps, rate int, pad, mono bool) []byte {
	h := mp3Header{}
	var b [4]byte
	b[0] = 0xff
	vb := map[int]byte{1: 3, 2: 2, 25: 0}[version]
	b[1] = 0xe0 | vb<<3 | byte(4-layer)<<1 | 1 // no CRC
	table := layer - 1
	if version != 1 {
		table = 4
		if layer == 1 {
			table = 3
		}
	}
	bi := 0
	for i, v := range mp3Bitrates[table] {
		if v == kbps {
			bi = i
		}
	}
	ri := 0
	for i, v := range mp3SampleRates[version] {
		if v == rate {
			ri = i
		}
	}
	b[2] = byte(bi)<<4 | byte(ri)<<2
	if pad {
		b[2] |= 2
	}
	if mono {
		b[3] = 0xc0
	}
	h, ok := mp3Parse(b[:])
	if !ok {
		panic("bad frame")
	}
	f := make([]byte, h.length)
	copy(f, b[:])
	return f
}

// cbrMP3 is n frames at a constant bitrate, padded the way encoders keep the rate exact.
func cbrMP3(version, layer, kbps, rate, n int) []byte {
	var out []byte
	num := map[bool]int{true: 144, false: 72}[version == 1 || layer != 3] * kbps * 1000
	if layer == 1 {
		num = 12 * kbps * 1000
	}
	rem := 0
	for range n {
		rem += num % rate
		pad := rem >= rate
		if pad {
			rem -= rate
		}
		out = append(out, mp3Frame(version, layer, kbps, rate, pad, false)...)
	}
	return out
}

func id3Tag(size int) []byte {
	h := []byte("ID3\x03\x00\x00")
	h = append(h, byte(size>>21&0x7f), byte(size>>14&0x7f), byte(size>>7&0x7f), byte(size&0x7f))
	return append(h, make([]byte, size)...)
}

func samplesDuration(n, spf, rate int) time.Duration {
	return time.Duration(int64(n) * int64(spf) * int64(time.Second) / int64(rate))
}

func TestMediaMP3CBR(t *testing.T) {
	id3v1 := append([]byte("TAG"), make([]byte, 125)...)
	cases := []struct {
		name                     string
		version, layer, kbps, sr int
		spf                      int
	}{
		{"MPEG-1 layer III 128k 44.1k", 1, 3, 128, 44100, 1152},
		{"MPEG-1 layer III 320k 48k", 1, 3, 320, 48000, 1152},
		{"MPEG-2 layer III 64k 22.05k", 2, 3, 64, 22050, 576},
		{"MPEG-2.5 layer III 8k 8k", 25, 3, 8, 8000, 576},
		{"MPEG-1 layer II 192k 48k", 1, 2, 192, 48000, 1152},
		{"MPEG-1 layer I 384k 44.1k", 1, 1, 384, 44100, 384},
	}
	for _, c := range cases {
		n := 2000
		b := append(id3Tag(3000), cbrMP3(c.version, c.layer, c.kbps, c.sr, n)...)
		b = append(b, id3v1...)
		expectNear(t, c.name, mustDuration(t, formatMP3, b), samplesDuration(n, c.spf, c.sr), time.Millisecond)
	}
	// Long enough that the frames are not all walked: extrapolated from the size.
	n := 3 * mp3MaxFrames / 2
	b := cbrMP3(1, 3, 32, 32000, n)
	expectNear(t, "long CBR", mustDuration(t, formatMP3, b), samplesDuration(n, 1152, 32000), 5*time.Millisecond)
}

// vbrMP3 is n frames cycling through bitrates; with xing, the first frame is an Xing header.
func vbrMP3(n int, header string) []byte {
	rates := []int{128, 160, 192, 96, 320}
	var out []byte
	if header != "" {
		f := mp3Frame(1, 3, 128, 44100, false, false)
		switch header {
		case "Xing", "Info":
			copy(f[36:], header)
			binary.BigEndian.PutUint32(f[40:], 3)
			binary.BigEndian.PutUint32(f[44:], uint32(n))
			binary.BigEndian.PutUint32(f[48:], 0) // bytes, filled below
		case "VBRI":
			copy(f[36:], "VBRI")
			binary.BigEndian.PutUint32(f[50:], uint32(n))
		}
		out = append(out, f...)
	}
	for i := range n {
		out = append(out, mp3Frame(1, 3, rates[i%len(rates)], 44100, false, false)...)
	}
	if header == "Xing" || header == "Info" {
		binary.BigEndian.PutUint32(out[48:], uint32(len(out)))
	}
	if header == "VBRI" {
		binary.BigEndian.PutUint32(out[46:], uint32(len(out)))
	}
	return out
}

func TestMediaMP3VBR(t *testing.T) {
	n := 3000
	want := samplesDuration(n, 1152, 44100)
	for _, h := range []string{"Xing", "Info", "VBRI"} {
		expectNear(t, h, mustDuration(t, formatMP3, append(id3Tag(100), vbrMP3(n, h)...)), want, time.Microsecond)
	}
	// No header: the frames are walked (junk in the middle is skipped).
	plain := vbrMP3(n, "")
	expectNear(t, "VBR walked", mustDuration(t, formatMP3, plain), want, time.Microsecond)
	junk := append(append(append([]byte(nil), plain[:50000]...), bytes.Repeat([]byte{0xff, 0x00, 0x12}, 100)...), plain[50000:]...)
	expectNear(t, "VBR with junk", mustDuration(t, formatMP3, junk), want, 30*time.Millisecond)
	// An Xing frame count that disagrees with the size is not believed.
	lying := vbrMP3(n, "Xing")
	binary.BigEndian.PutUint32(lying[44:], 1)
	binary.BigEndian.PutUint32(lying[48:], 0)
	expectNear(t, "lying Xing", mustDuration(t, formatMP3, lying), want+samplesDuration(1, 1152, 44100), time.Microsecond)

	x := vbrMP3(n, "Xing")
	expectMalformed(t, formatMP3, "truncated after an Xing header", x[:len(x)/2])
	expectMalformed(t, formatMP3, "truncated in the ID3 tag", id3Tag(5000)[:3000])
	expectMalformed(t, formatMP3, "less than a frame", append(id3Tag(10), mp3Frame(1, 3, 128, 44100, false, false)[:100]...))
	expectMalformed(t, formatMP3, "no frames", append(id3Tag(10), bytes.Repeat([]byte("not audio "), 1000)...))
	expectMalformed(t, formatMP3, "bad ID3 size", []byte("ID3\x03\x00\x00\x80\x80\x80\x80"))
	expectMalformed(t, formatMP3, "empty", nil)
}
