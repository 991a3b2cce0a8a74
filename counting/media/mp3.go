package media

// MP3: MPEG audio frames, the Xing/Info and VBRI headers of variable bitrate files, and the
// tags before and after the audio (ID3v2, ID3v1, APEv2, Lyrics3).

import (
	"encoding/binary"
	"time"
)

type mp3Header struct {
	version     int // 1, 2, or 25 (MPEG 2.5)
	layer       int // 1, 2, 3
	bitrate     int // kbit/s
	sampleRate  int
	padding     int
	mono        bool
	crc         bool
	length      int // bytes in the frame
	samples     int // per frame
	versionBits byte
	layerBits   byte
	rateBits    byte
}

var mp3Bitrates = [5][16]int{
	{0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448}, // MPEG 1 layer I
	{0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},    // MPEG 1 layer II
	{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},     // MPEG 1 layer III
	{0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},    // MPEG 2/2.5 layer I
	{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},         // MPEG 2/2.5 layers II, III
}

var mp3SampleRates = map[int][3]int{1: {44100, 48000, 32000}, 2: {22050, 24000, 16000}, 25: {11025, 12000, 8000}}

// mp3Parse reads a frame header; free-format bitrates are not accepted.
func mp3Parse(b []byte) (mp3Header, bool) {
	var h mp3Header
	if len(b) < 4 || b[0] != 0xff || b[1]&0xe0 != 0xe0 {
		return h, false
	}
	h.versionBits, h.layerBits, h.rateBits = (b[1]>>3)&3, (b[1]>>1)&3, (b[2]>>2)&3
	bi := int(b[2] >> 4)
	switch h.versionBits {
	case 0:
		h.version = 25
	case 2:
		h.version = 2
	case 3:
		h.version = 1
	default:
		return h, false
	}
	if h.layerBits == 0 || bi == 0 || bi == 15 || h.rateBits == 3 {
		return h, false
	}
	h.layer = 4 - int(h.layerBits)
	h.crc = b[1]&1 == 0
	h.padding = int(b[2]>>1) & 1
	h.mono = b[3]>>6 == 3
	h.sampleRate = mp3SampleRates[h.version][h.rateBits]
	table := h.layer - 1
	if h.version != 1 {
		table = 4
		if h.layer == 1 {
			table = 3
		}
	}
	h.bitrate = mp3Bitrates[table][bi]
	br := h.bitrate * 1000
	switch {
	case h.layer == 1:
		h.samples = 384
		h.length = (12*br/h.sampleRate + h.padding) * 4
	case h.layer == 3 && h.version != 1:
		h.samples = 576
		h.length = 72*br/h.sampleRate + h.padding
	default:
		h.samples = 1152
		h.length = 144*br/h.sampleRate + h.padding
	}
	return h, h.length >= 4
}

// same reports a header of the same stream (version, layer and sample rate do not change).
func (h mp3Header) same(o mp3Header) bool {
	return h.versionBits == o.versionBits && h.layerBits == o.layerBits && h.rateBits == o.rateBits
}

func mp3Duration(r *reader) (time.Duration, error) {
	// ID3v2 tags at the start (a file may carry more than one).
	start := int64(0)
	for range mp3MaxTagSkips {
		h := r.at(start, 10)
		if len(h) < 10 || string(h[:3]) != "ID3" {
			break
		}
		if h[3] == 0xff || h[4] == 0xff || (h[6]|h[7]|h[8]|h[9])&0x80 != 0 {
			return 0, malformed(formatMP3, "bad ID3v2 tag header")
		}
		size := int64(h[6])<<21 | int64(h[7])<<14 | int64(h[8])<<7 | int64(h[9])
		if h[5]&0x10 != 0 {
			size += 10 // footer
		}
		start += 10 + size
		if start > r.size {
			return 0, malformed(formatMP3, "truncated in its ID3v2 tag")
		}
	}
	end := mp3AudioEnd(r, start)

	first, h, ok := mp3Find(r, start, min(end, start+mp3SyncSearch), end)
	if !ok {
		return 0, malformed(formatMP3, "no MPEG audio frames")
	}
	audio := end - first
	if d, ok, err := mp3VBRHeader(r, first, h, audio); ok || err != nil {
		return d, err
	}
	// Constant bitrate: every probe through the file finds frames of the same bitrate.
	if mp3IsCBR(r, first, end, h) {
		d, ok := durationOf(uint64(audio)*8, uint64(h.bitrate)*1000)
		if !ok {
			return 0, malformed(formatMP3, "implausible length")
		}
		return d, nil
	}
	return mp3Walk(r, first, end, h)
}

// mp3AudioEnd is where the audio ends: before ID3v1, APEv2 and Lyrics3 tags at the end.
func mp3AudioEnd(r *reader, start int64) int64 {
	end := r.size
	for range 4 {
		switch {
		case end-128 >= start && string(r.at(end-128, 3)) == "TAG":
			end -= 128
		case end-32 >= start && string(r.at(end-32, 8)) == "APETAGEX":
			f := r.at(end-32, 32)
			if len(f) < 32 {
				return end
			}
			size := int64(binary.LittleEndian.Uint32(f[12:16]))
			if binary.LittleEndian.Uint32(f[20:24])&(1<<31) != 0 {
				size += 32 // a header too
			}
			if size < 32 || size > end-start {
				return end
			}
			end -= size
		case end-15 >= start && string(r.at(end-9, 9)) == "LYRICS200":
			var n int64
			for _, c := range r.at(end-15, 6) {
				if c < '0' || c > '9' {
					return end
				}
				n = n*10 + int64(c-'0')
			}
			if n+15 > end-start {
				return end
			}
			end -= n + 15
		default:
			return end
		}
	}
	return end
}

// mp3Find looks in [from, limit) for a frame header that the next frame confirms (or that
// ends exactly at the end of the audio).
func mp3Find(r *reader, from, limit, end int64) (int64, mp3Header, bool) {
	for pos := from; pos+4 <= limit; pos++ {
		b := r.at(pos, 4)
		if len(b) < 4 {
			break
		}
		if b[0] != 0xff {
			continue
		}
		h, ok := mp3Parse(b)
		if !ok || pos+int64(h.length) > end {
			continue
		}
		next := pos + int64(h.length)
		if next == end {
			return pos, h, true
		}
		if n, ok := mp3Parse(r.at(next, 4)); ok && n.same(h) {
			return pos, h, true
		}
		if next+4 > end { // a partial frame after it: the end of a cut file
			return pos, h, true
		}
	}
	return 0, mp3Header{}, false
}

// mp3VBRHeader reads a Xing/Info or VBRI header in the first frame.
func mp3VBRHeader(r *reader, first int64, h mp3Header, audio int64) (time.Duration, bool, error) {
	side := 32
	switch {
	case h.version == 1 && h.mono:
		side = 17
	case h.version != 1 && !h.mono:
		side = 17
	case h.version != 1:
		side = 9
	}
	var frames, size uint32
	found := false
	if h.layer == 3 {
		for _, off := range []int{4 + side, 6 + side} {
			b := r.at(first+int64(off), 16)
			if len(b) < 8 || (string(b[:4]) != "Xing" && string(b[:4]) != "Info") {
				continue
			}
			flags := binary.BigEndian.Uint32(b[4:8])
			p := 8
			if flags&1 != 0 && len(b) >= p+4 {
				frames = binary.BigEndian.Uint32(b[p:])
				p += 4
			}
			if flags&2 != 0 && len(b) >= p+4 {
				size = binary.BigEndian.Uint32(b[p:])
			}
			found = true
			break
		}
	}
	if !found {
		if b := r.at(first+36, 18); len(b) >= 18 && string(b[:4]) == "VBRI" {
			size = binary.BigEndian.Uint32(b[10:14])
			frames = binary.BigEndian.Uint32(b[14:18])
			found = true
		}
	}
	if !found || frames == 0 {
		return 0, false, nil
	}
	if size > 0 && audio < int64(size)*9/10 {
		return 0, false, malformed(formatMP3, "truncated: %d bytes of audio, the header declares %d", audio, size)
	}
	d, ok := durationOf(uint64(frames)*uint64(h.samples), uint64(h.sampleRate))
	if !ok {
		return 0, false, nil
	}
	// A header that disagrees wildly with the file's size is not believed.
	if kbps := float64(audio) * 8 / d.Seconds() / 1000; d <= 0 || kbps < 4 || kbps > 700 {
		return 0, false, nil
	}
	return d, true, nil
}

// mp3IsCBR reads a few frames at the start and at places through the file: all at the first
// frame's bitrate is a constant bitrate stream.
func mp3IsCBR(r *reader, first, end int64, h mp3Header) bool {
	pos := first
	for range 16 {
		f, ok := mp3Parse(r.at(pos, 4))
		if !ok || !f.same(h) {
			break
		}
		if f.bitrate != h.bitrate {
			return false
		}
		pos += int64(f.length)
	}
	span := end - first
	for i := int64(1); i <= mp3Probes; i++ {
		at := first + span*i/(mp3Probes+1)
		p, f, ok := mp3Find(r, at, min(at+16<<10, end), end)
		if !ok {
			continue
		}
		for range 4 {
			if !f.same(h) || f.bitrate != h.bitrate {
				return false
			}
			p += int64(f.length)
			if f, ok = mp3Parse(r.at(p, 4)); !ok {
				break
			}
		}
	}
	return true
}

// mp3Walk adds up the frames (variable bitrate without a header); past mp3MaxFrames the rest
// of the file is extrapolated at the average rate so far.
func mp3Walk(r *reader, first, end int64, h mp3Header) (time.Duration, error) {
	var samples uint64
	frames := 0
	pos := first
	for pos+4 <= end && frames < mp3MaxFrames {
		f, ok := mp3Parse(r.at(pos, 4))
		if !ok || !f.same(h) {
			// Junk inside the stream: resynchronise on the next confirmed frame.
			np, nf, ok := mp3Find(r, pos+1, end, end)
			if !ok || !nf.same(h) {
				break
			}
			pos = np
			continue
		}
		if pos+int64(f.length) > end {
			break
		}
		samples += uint64(f.samples)
		frames++
		pos += int64(f.length)
	}
	if frames == 0 {
		return 0, malformed(formatMP3, "no complete MPEG audio frame")
	}
	if frames >= mp3MaxFrames && pos < end {
		samples = uint64(float64(samples) * float64(end-first) / float64(pos-first))
	}
	d, ok := durationOf(samples, uint64(h.sampleRate))
	if !ok {
		return 0, malformed(formatMP3, "implausible length")
	}
	return d, nil
}
