package counting

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func mediatDuration(t *testing.T, f Format, b []byte) time.Duration {
	t.Helper()
	d, err := mediaDuration(f, bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return d
}

func mediatMalformed(t *testing.T, f Format, name string, b []byte) {
	t.Helper()
	d, err := mediaDuration(f, bytes.NewReader(b))
	if !errors.Is(err, ErrMalformed) {
		t.Errorf("%s %s: got %v, %v; want ErrMalformed", f, name, d, err)
	}
}

func mediatNear(t *testing.T, name string, got, want, tolerance time.Duration) {
	t.Helper()
	if diff := got - want; diff < -tolerance || diff > tolerance {
		t.Errorf("%s: got %v, want %v (±%v)", name, got, want, tolerance)
	}
}

// ---- WAV ----

type mediatChunk struct {
	id   string
	body []byte
}

func mediatRIFF(form string, chunks ...mediatChunk) []byte {
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

func mediatFmt(format, channels uint16, rate uint32, bits uint16) mediatChunk {
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
	return mediatChunk{"fmt ", b}
}

// mediatWAV is 2.5 s of 16-bit stereo PCM at 44.1 kHz.
func mediatWAV() []byte {
	return mediatRIFF("RIFF", mediatFmt(1, 2, 44100, 16), mediatChunk{"data", make([]byte, 441000)})
}

func TestMediaWAV(t *testing.T) {
	if d := mediatDuration(t, WAV, mediatWAV()); d != 2500*time.Millisecond {
		t.Errorf("2.5 s WAV: %v", d)
	}
	list := mediatChunk{"LIST", []byte("INFOISFT\x05\x00\x00\x00Lavf\x00")} // odd size: padded
	cases := map[string]struct {
		b    []byte
		want time.Duration
	}{
		"chunks in another order": {mediatRIFF("RIFF", list, mediatChunk{"data", make([]byte, 88200)}, mediatChunk{"fact", []byte{1, 0, 0, 0}}, mediatFmt(1, 1, 44100, 16)), time.Second},
		"8-bit mono, odd data":    {mediatRIFF("RIFF", mediatFmt(1, 1, 8000, 8), mediatChunk{"data", make([]byte, 12001)}, list), 1500125 * time.Microsecond},
		"ADPCM with fact":         {mediatRIFF("RIFF", mediatFmt(0x11, 1, 22050, 4), mediatChunk{"fact", []byte{0x22, 0x56, 0, 0}}, mediatChunk{"data", make([]byte, 11100)}), time.Second},
	}
	// A writer that left out the pad byte after an odd chunk.
	nopad := mediatRIFF("RIFF", mediatFmt(1, 1, 16000, 16))
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
	rf := mediatRIFF("RF64", mediatChunk{"ds64", ds64}, mediatFmt(1, 2, 48000, 8), mediatChunk{"data", make([]byte, 96000*3)})
	binary.LittleEndian.PutUint32(rf[len(rf)-96000*3-4:], 0xffffffff)
	cases["RF64"] = struct {
		b    []byte
		want time.Duration
	}{rf, 3 * time.Second}
	// A recorder that never wrote the sizes.
	streamed := mediatWAV()
	binary.LittleEndian.PutUint32(streamed[4:], 0xffffffff)
	binary.LittleEndian.PutUint32(streamed[40:], 0xffffffff)
	cases["streamed"] = struct {
		b    []byte
		want time.Duration
	}{streamed, 2500 * time.Millisecond}
	for name, c := range cases {
		if d := mediatDuration(t, WAV, c.b); d != c.want {
			t.Errorf("%s: %v, want %v", name, d, c.want)
		}
	}

	w := mediatWAV()
	mediatMalformed(t, WAV, "truncated header", w[:30])
	mediatMalformed(t, WAV, "truncated data", w[:len(w)-300000])
	mediatMalformed(t, WAV, "no data", mediatRIFF("RIFF", mediatFmt(1, 1, 8000, 8)))
	mediatMalformed(t, WAV, "no fmt", mediatRIFF("RIFF", mediatChunk{"data", make([]byte, 100)}))
	mediatMalformed(t, WAV, "zero rate", mediatRIFF("RIFF", mediatFmt(1, 1, 0, 8), mediatChunk{"data", make([]byte, 100)}))
	mediatMalformed(t, WAV, "not RIFF", []byte("RIFX\x00\x00\x00\x00WAVEfmt "))
	mediatMalformed(t, WAV, "empty", nil)
}

// ---- MP3 ----

// mediatFrame is an MPEG audio frame header; version 1, 2 or 25; layer 1..3.
func mediatFrame(version, layer, kbps, rate int, pad, mono bool) []byte {
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

// mediatCBR is n frames at a constant bitrate, padded the way encoders keep the rate exact.
func mediatCBR(version, layer, kbps, rate, n int) []byte {
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
		out = append(out, mediatFrame(version, layer, kbps, rate, pad, false)...)
	}
	return out
}

func mediatID3(size int) []byte {
	h := []byte("ID3\x03\x00\x00")
	h = append(h, byte(size>>21&0x7f), byte(size>>14&0x7f), byte(size>>7&0x7f), byte(size&0x7f))
	return append(h, make([]byte, size)...)
}

func mediatSamples(n, spf, rate int) time.Duration {
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
		b := append(mediatID3(3000), mediatCBR(c.version, c.layer, c.kbps, c.sr, n)...)
		b = append(b, id3v1...)
		mediatNear(t, c.name, mediatDuration(t, MP3, b), mediatSamples(n, c.spf, c.sr), time.Millisecond)
	}
	// Long enough that the frames are not all walked: extrapolated from the size.
	n := 3 * mp3MaxFrames / 2
	b := mediatCBR(1, 3, 32, 32000, n)
	mediatNear(t, "long CBR", mediatDuration(t, MP3, b), mediatSamples(n, 1152, 32000), 5*time.Millisecond)
}

// mediatVBR is n frames cycling through bitrates; with xing, the first frame is an Xing header.
func mediatVBR(n int, header string) []byte {
	rates := []int{128, 160, 192, 96, 320}
	var out []byte
	if header != "" {
		f := mediatFrame(1, 3, 128, 44100, false, false)
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
		out = append(out, mediatFrame(1, 3, rates[i%len(rates)], 44100, false, false)...)
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
	want := mediatSamples(n, 1152, 44100)
	for _, h := range []string{"Xing", "Info", "VBRI"} {
		mediatNear(t, h, mediatDuration(t, MP3, append(mediatID3(100), mediatVBR(n, h)...)), want, time.Microsecond)
	}
	// No header: the frames are walked (junk in the middle is skipped).
	plain := mediatVBR(n, "")
	mediatNear(t, "VBR walked", mediatDuration(t, MP3, plain), want, time.Microsecond)
	junk := append(append(append([]byte(nil), plain[:50000]...), bytes.Repeat([]byte{0xff, 0x00, 0x12}, 100)...), plain[50000:]...)
	mediatNear(t, "VBR with junk", mediatDuration(t, MP3, junk), want, 30*time.Millisecond)
	// An Xing frame count that disagrees with the size is not believed.
	lying := mediatVBR(n, "Xing")
	binary.BigEndian.PutUint32(lying[44:], 1)
	binary.BigEndian.PutUint32(lying[48:], 0)
	mediatNear(t, "lying Xing", mediatDuration(t, MP3, lying), want+mediatSamples(1, 1152, 44100), time.Microsecond)

	x := mediatVBR(n, "Xing")
	mediatMalformed(t, MP3, "truncated after an Xing header", x[:len(x)/2])
	mediatMalformed(t, MP3, "truncated in the ID3 tag", mediatID3(5000)[:3000])
	mediatMalformed(t, MP3, "less than a frame", append(mediatID3(10), mediatFrame(1, 3, 128, 44100, false, false)[:100]...))
	mediatMalformed(t, MP3, "no frames", append(mediatID3(10), bytes.Repeat([]byte("not audio "), 1000)...))
	mediatMalformed(t, MP3, "bad ID3 size", []byte("ID3\x03\x00\x00\x80\x80\x80\x80"))
	mediatMalformed(t, MP3, "empty", nil)
}

// ---- MP4 ----

func mediatBox(typ string, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

func mediatBox64(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, 1)
	b = append(b, typ...)
	b = binary.BigEndian.AppendUint64(b, uint64(16+len(body)))
	return append(b, body...)
}

// mediatHeader is an mvhd or mdhd box of version v.
func mediatHeader(typ string, v int, scale uint32, dur uint64) []byte {
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
	return mediatBox(typ, b, make([]byte, 80))
}

var mediatFtyp = mediatBox("ftyp", []byte("isom\x00\x00\x02\x00isomiso2mp41"))

func mediatTrak(id uint32, scale uint32, dur uint64) []byte {
	tkhd := append([]byte{0, 0, 0, 3}, make([]byte, 8)...)
	tkhd = binary.BigEndian.AppendUint32(tkhd, id)
	return mediatBox("trak", mediatBox("tkhd", tkhd, make([]byte, 68)), mediatBox("mdia", mediatHeader("mdhd", 0, scale, dur)))
}

func TestMediaMP4(t *testing.T) {
	mdat := mediatBox("mdat", make([]byte, 5000))
	v0 := append(append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 1000, 90500), mediatTrak(1, 44100, 44100*90))...), mdat...)
	v1 := append(append(append([]byte(nil), mediatFtyp...), mediatBox64("mdat", make([]byte, 3000))...),
		mediatBox("moov", mediatHeader("mvhd", 1, 48000, 48000*3723+12000))...)
	mehd := append([]byte{1, 0, 0, 0}, binary.BigEndian.AppendUint64(nil, 600*125)...)
	fragMehd := append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 600, 0),
		mediatBox("mvex", mediatBox("mehd", mehd)))...)
	// Fragments without mehd: the samples of the fragments are added up (per track, the longest).
	trex := binary.BigEndian.AppendUint32(append([]byte{0, 0, 0, 0}, 0, 0, 0, 1, 0, 0, 0, 1), 1024)
	trex = append(trex, make([]byte, 8)...)
	frag := append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 1000, 0),
		mediatTrak(1, 48000, 0), mediatBox("mvex", mediatBox("trex", trex)))...)
	for i := range 10 {
		tfhd := []byte{0, 0, 0, 0, 0, 0, 0, 1}
		trunDefault := binary.BigEndian.AppendUint32([]byte{0, 0, 0, 0}, 470) // 470 × 1024 samples
		perSample := binary.BigEndian.AppendUint32([]byte{0, 0, 1, 0}, 2)     // two samples with durations
		perSample = binary.BigEndian.AppendUint32(perSample, 1000)
		perSample = binary.BigEndian.AppendUint32(perSample, 200)
		frag = append(frag, mediatBox("moof", mediatBox("mfhd", make([]byte, 8)),
			mediatBox("traf", mediatBox("tfhd", tfhd), mediatBox("trun", trunDefault), mediatBox("trun", perSample)))...)
		frag = append(frag, mediatBox("mdat", make([]byte, 100+i))...)
	}
	// mvhd without a duration, the tracks' mdhd with one.
	mdhd := append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 1000, 0xffffffff),
		mediatTrak(1, 25, 25*61), mediatTrak(2, 44100, 44100*62+22050))...)
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
		for _, f := range []Format{MP4, M4A} {
			if d := mediatDuration(t, f, c.b); d != c.want {
				t.Errorf("%s (%s): %v, want %v", c.name, f, d, c.want)
			}
		}
	}

	mediatMalformed(t, MP4, "truncated in mdat", v0[:len(v0)-100])
	mediatMalformed(t, MP4, "truncated in moov", v1[:len(v1)-20])
	mediatMalformed(t, MP4, "no moov", append(append([]byte(nil), mediatFtyp...), mdat...))
	mediatMalformed(t, MP4, "zero time scale", append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 0, 100))...))
	mediatMalformed(t, MP4, "box smaller than its header", append(append([]byte(nil), mediatFtyp...), 0, 0, 0, 4, 'm', 'o', 'o', 'v'))
	mediatMalformed(t, MP4, "not boxes", []byte("this is not an mp4 file at all"))
	mediatMalformed(t, MP4, "too many boxes", append(append([]byte(nil), mediatFtyp...), bytes.Repeat(mediatBox("free"), mp4MaxBoxes+1)...))
	mediatMalformed(t, M4A, "empty", nil)
	huge := append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 1, 1, 1<<62))...)
	mediatMalformed(t, MP4, "implausible duration", huge)
	if _, err := mediaDuration(PDF, bytes.NewReader(v0)); !errors.Is(err, ErrUnsupported) {
		t.Errorf("pdf: %v", err)
	}
}

// TestMediaRealFiles reads sample files already on the machine when they are there (the suite
// does not depend on them).
func TestMediaRealFiles(t *testing.T) {
	globs := map[Format][]string{
		WAV: {"/root/.pyenv/versions/*/lib/python3*/test/audiodata/*.wav", "/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.wav"},
		MP3: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mp3", "/root/go/pkg/mod/github.com/go-playground/validator/v10@*/testdata/*.mp3", "/usr/lib/google-cloud-sdk/platform/gsutil/gslib/tests/test_data/*.mp3"},
		MP4: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mp4", "/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mov"},
		M4A: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.m4a"},
	}
	for f, gs := range globs {
		for _, g := range gs {
			files, _ := filepath.Glob(g)
			for _, name := range files {
				b, err := os.ReadFile(name)
				if err != nil {
					continue
				}
				d, err := mediaDuration(f, bytes.NewReader(b))
				t.Logf("%s: %v %v", name, d, err)
			}
		}
	}
}

// ---- Fuzzing ----

func mediatFuzz(f *testing.F, format Format, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := mediaDurationOf(format, bytes.NewReader(b)) // a panic is a finding
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if d < 0 || d > mediaMaxDuration {
			t.Fatalf("duration %v", d)
		}
	})
}

func FuzzMP3(f *testing.F) {
	mediatFuzz(f, MP3,
		append(mediatID3(20), mediatCBR(25, 3, 8, 8000, 6)...),
		mediatVBR(3, "Xing"), mediatVBR(3, "VBRI"), mediatVBR(4, ""),
		mediatCBR(2, 3, 8, 22050, 4), mediatCBR(25, 3, 16, 11025, 4), mediatCBR(1, 1, 32, 48000, 4),
		append(append(append([]byte("ID3\x04\x00\x00\x00\x00\x00\x00"), mediatCBR(2, 2, 8, 24000, 3)...), "APETAGEX"...), make([]byte, 24)...),
		append(mediatCBR(2, 3, 8, 16000, 3), append([]byte("TAG"), make([]byte, 125)...)...))
}

func FuzzWAV(f *testing.F) {
	ds64 := make([]byte, 28)
	binary.LittleEndian.PutUint64(ds64[8:], 400)
	mediatFuzz(f, WAV,
		mediatRIFF("RIFF", mediatFmt(1, 2, 44100, 16), mediatChunk{"data", make([]byte, 400)}),
		mediatRIFF("RIFF", mediatChunk{"LIST", []byte("INFOabc")}, mediatChunk{"data", make([]byte, 41)}, mediatFmt(1, 1, 8000, 8)),
		mediatRIFF("RIFF", mediatFmt(0x11, 1, 22050, 4), mediatChunk{"fact", []byte{1, 2, 0, 0}}, mediatChunk{"data", make([]byte, 10)}),
		mediatRIFF("RF64", mediatChunk{"ds64", ds64}, mediatFmt(1, 2, 48000, 16), mediatChunk{"data", make([]byte, 400)}))
}

func FuzzMP4(f *testing.F) {
	tfhd := []byte{0, 0, 0, 8, 0, 0, 0, 1, 0, 0, 4, 0}
	trun := binary.BigEndian.AppendUint32([]byte{0, 0, 1, 0}, 2)
	trun = append(trun, 0, 0, 1, 0, 0, 0, 2, 0)
	mediatFuzz(f, MP4,
		append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 1000, 5000), mediatTrak(1, 100, 500))...),
		append(mediatBox64("mdat", make([]byte, 10)), mediatBox("moov", mediatHeader("mvhd", 1, 48000, 96000))...),
		append(append(append([]byte(nil), mediatFtyp...), mediatBox("moov", mediatHeader("mvhd", 0, 1000, 0), mediatTrak(1, 1000, 0))...),
			mediatBox("moof", mediatBox("traf", mediatBox("tfhd", tfhd), mediatBox("trun", trun)))...))
}
