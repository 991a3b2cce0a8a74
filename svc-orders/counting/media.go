package counting

// Audio and video durations, read from the files' own headers by small parsers (no cgo, no
// decoding): MP3 (MPEG audio frames, Xing/Info and VBRI headers), WAV (RIFF/RF64 chunks) and
// MP4/M4A/MOV (ISO base media boxes: mvhd, mehd, mdhd, and fragments). Every read is bounded:
// the frames walked, the boxes and chunks visited, their nesting. A file whose headers are
// unreadable, or that holds less than its headers declare (a truncated upload), is
// ErrMalformed.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"
)

const (
	mediaMaxDuration = 1000 * time.Hour // longer is not a real recording: a damaged header
	mediaWindow      = 64 << 10

	mp3MaxTagSkips = 16
	mp3MaxFrames   = 100_000 // walked frames; the rest of a longer file is extrapolated
	mp3SyncSearch  = 1 << 20 // how far the first frame is looked for after the tags
	mp3Probes      = 8       // places where a file without a VBR header is checked for CBR

	wavMaxChunks = 10_000

	mp4MaxBoxes = 200_000
	mp4MaxDepth = 8
)

// mediaDuration is the playing time of an audio or video file.
func mediaDuration(f Format, src Source) (d time.Duration, err error) {
	defer func() {
		if r := recover(); r != nil {
			d, err = 0, fmt.Errorf("%w: %s: unreadable file (%v)", ErrMalformed, f, r)
		}
	}()
	return mediaDurationOf(f, src)
}

// mediaDurationOf is mediaDuration without the recover (the fuzz targets call it).
func mediaDurationOf(f Format, src Source) (time.Duration, error) {
	r := &mediaReader{src: src, size: src.Size()}
	if r.size < 0 {
		return 0, mediaMalformed(f, "negative size")
	}
	var d time.Duration
	var err error
	switch f {
	case MP3:
		d, err = mp3Duration(r)
	case WAV:
		d, err = wavDuration(r)
	case MP4, M4A:
		d, err = mp4Duration(r, f)
	default:
		return 0, fmt.Errorf("%w: %q is not an audio or video format", ErrUnsupported, f)
	}
	if r.err != nil {
		return 0, fmt.Errorf("%s: reading the file: %w", f, r.err)
	}
	if err != nil {
		return 0, err
	}
	if d < 0 || d > mediaMaxDuration {
		return 0, mediaMalformed(f, "implausible duration %v", d)
	}
	return d, nil
}

func mediaMalformed(f Format, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrMalformed, f, fmt.Sprintf(format, args...))
}

// mediaReader reads a Source through a few cached blocks, so that walking small headers one
// after the other (and looking ahead and back) does not cost a read each.
type mediaReader struct {
	src    Source
	size   int64
	blocks [mediaBlocks]mediaBlock
	clock  int
	tmp    []byte
	err    error // a read error other than the end of the file
}

type mediaBlock struct {
	index int64 // block number + 1; 0 is empty
	data  []byte
	used  int
}

const mediaBlocks = 4

// block returns block i (mediaWindow bytes from i*mediaWindow, fewer at the end).
func (r *mediaReader) block(i int64) []byte {
	r.clock++
	oldest := 0
	for k := range r.blocks {
		b := &r.blocks[k]
		if b.index == i+1 {
			b.used = r.clock
			return b.data
		}
		if b.used < r.blocks[oldest].used {
			oldest = k
		}
	}
	b := &r.blocks[oldest]
	off := i * mediaWindow
	n := min(int64(mediaWindow), r.size-off)
	if cap(b.data) < int(n) {
		b.data = make([]byte, mediaWindow)
	}
	b.data = b.data[:n]
	k, err := r.src.ReadAt(b.data, off)
	if err != nil && !errors.Is(err, io.EOF) {
		r.err = err
		k = 0
	}
	b.data, b.index, b.used = b.data[:k], i+1, r.clock
	return b.data
}

// at returns up to n bytes at off (fewer at the end of the file); the slice is valid until the
// next call.
func (r *mediaReader) at(off int64, n int) []byte {
	if off < 0 || n <= 0 || off >= r.size || r.err != nil {
		return nil
	}
	n = int(min(int64(n), r.size-off))
	i, o := off/mediaWindow, int(off%mediaWindow)
	b := r.block(i)
	if o+n <= len(b) {
		return b[o : o+n]
	}
	if o >= len(b) {
		return nil
	}
	r.tmp = append(r.tmp[:0], b[o:]...)
	for len(r.tmp) < n && r.err == nil {
		i++
		next := r.block(i)
		if len(next) == 0 {
			break
		}
		r.tmp = append(r.tmp, next[:min(len(next), n-len(r.tmp))]...)
	}
	return r.tmp
}

// mediaDur is count units of 1/rate seconds, without overflow.
func mediaDur(count, rate uint64) (time.Duration, bool) {
	if rate == 0 {
		return 0, false
	}
	secs, rem := count/rate, count%rate
	if secs > uint64(mediaMaxDuration/time.Second) {
		return 0, false
	}
	return time.Duration(secs)*time.Second + time.Duration(rem*uint64(time.Second)/rate), true
}

// ---- MP3 ----

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

func mp3Duration(r *mediaReader) (time.Duration, error) {
	// ID3v2 tags at the start (a file may carry more than one).
	start := int64(0)
	for range mp3MaxTagSkips {
		h := r.at(start, 10)
		if len(h) < 10 || string(h[:3]) != "ID3" {
			break
		}
		if h[3] == 0xff || h[4] == 0xff || (h[6]|h[7]|h[8]|h[9])&0x80 != 0 {
			return 0, mediaMalformed(MP3, "bad ID3v2 tag header")
		}
		size := int64(h[6])<<21 | int64(h[7])<<14 | int64(h[8])<<7 | int64(h[9])
		if h[5]&0x10 != 0 {
			size += 10 // footer
		}
		start += 10 + size
		if start > r.size {
			return 0, mediaMalformed(MP3, "truncated in its ID3v2 tag")
		}
	}
	end := mp3AudioEnd(r, start)

	first, h, ok := mp3Find(r, start, min(end, start+mp3SyncSearch), end)
	if !ok {
		return 0, mediaMalformed(MP3, "no MPEG audio frames")
	}
	audio := end - first
	if d, ok, err := mp3VBRHeader(r, first, h, audio); ok || err != nil {
		return d, err
	}
	// Constant bitrate: every probe through the file finds frames of the same bitrate.
	if mp3IsCBR(r, first, end, h) {
		d, ok := mediaDur(uint64(audio)*8, uint64(h.bitrate)*1000)
		if !ok {
			return 0, mediaMalformed(MP3, "implausible length")
		}
		return d, nil
	}
	return mp3Walk(r, first, end, h)
}

// mp3AudioEnd is where the audio ends: before ID3v1, APEv2 and Lyrics3 tags at the end.
func mp3AudioEnd(r *mediaReader, start int64) int64 {
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
func mp3Find(r *mediaReader, from, limit, end int64) (int64, mp3Header, bool) {
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
func mp3VBRHeader(r *mediaReader, first int64, h mp3Header, audio int64) (time.Duration, bool, error) {
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
		return 0, false, mediaMalformed(MP3, "truncated: %d bytes of audio, the header declares %d", audio, size)
	}
	d, ok := mediaDur(uint64(frames)*uint64(h.samples), uint64(h.sampleRate))
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
func mp3IsCBR(r *mediaReader, first, end int64, h mp3Header) bool {
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
func mp3Walk(r *mediaReader, first, end int64, h mp3Header) (time.Duration, error) {
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
		return 0, mediaMalformed(MP3, "no complete MPEG audio frame")
	}
	if frames >= mp3MaxFrames && pos < end {
		samples = uint64(float64(samples) * float64(end-first) / float64(pos-first))
	}
	d, ok := mediaDur(samples, uint64(h.sampleRate))
	if !ok {
		return 0, mediaMalformed(MP3, "implausible length")
	}
	return d, nil
}

// ---- WAV ----

func wavDuration(r *mediaReader) (time.Duration, error) {
	h := r.at(0, 12)
	if len(h) < 12 || string(h[8:12]) != "WAVE" {
		return 0, mediaMalformed(WAV, "not a RIFF/WAVE file")
	}
	riff := string(h[:4])
	if riff != "RIFF" && riff != "RF64" && riff != "BW64" {
		return 0, mediaMalformed(WAV, "not a RIFF/WAVE file")
	}
	var (
		haveFmt               bool
		format, blockAlign    uint16
		sampleRate, byteRate  uint32
		dataOff, dataSize     int64 = -1, -1
		ds64Data, factSamples int64 = -1, -1
	)
	pos := int64(12)
	for n := 0; n < wavMaxChunks && pos+8 <= r.size; n++ {
		c := r.at(pos, 8)
		if len(c) < 8 {
			break
		}
		id := string(c[:4])
		size := int64(binary.LittleEndian.Uint32(c[4:8]))
		body := pos + 8
		switch id {
		case "fmt ":
			b := r.at(body, int(min(size, 40)))
			if len(b) < 16 {
				return 0, mediaMalformed(WAV, "truncated fmt chunk")
			}
			haveFmt = true
			format = binary.LittleEndian.Uint16(b[0:])
			sampleRate = binary.LittleEndian.Uint32(b[4:])
			byteRate = binary.LittleEndian.Uint32(b[8:])
			blockAlign = binary.LittleEndian.Uint16(b[12:])
		case "ds64":
			if b := r.at(body, 24); len(b) >= 24 {
				ds64Data = int64(binary.LittleEndian.Uint64(b[8:16]) & (1<<62 - 1))
			}
		case "fact":
			if b := r.at(body, 4); len(b) >= 4 {
				factSamples = int64(binary.LittleEndian.Uint32(b))
			}
		case "data":
			dataOff, dataSize = body, size
			switch {
			case size == 0xffffffff && ds64Data >= 0:
				dataSize = ds64Data
			case size == 0xffffffff || size == 0:
				dataSize = r.size - body // a recorder that never wrote the size: to the end
			}
		}
		if id == "data" && body+dataSize >= r.size {
			break // nothing after the data
		}
		next := body + size + size&1
		if size&1 == 1 && !wavChunkID(r.at(next, 4)) && wavChunkID(r.at(next-1, 4)) {
			next-- // a writer that left out the pad byte
		}
		pos = next
	}
	if !haveFmt {
		return 0, mediaMalformed(WAV, "no fmt chunk")
	}
	if dataOff < 0 {
		return 0, mediaMalformed(WAV, "no data chunk")
	}
	if avail := r.size - dataOff; dataSize > avail {
		// Allow a writer's rounding, not a cut file.
		if byteRate == 0 || dataSize-avail > int64(byteRate) {
			return 0, mediaMalformed(WAV, "truncated: the data chunk declares %d bytes, %d are there", dataSize, avail)
		}
		dataSize = avail
	}
	pcm := format == 1 || format == 3 || format == 0xfffe
	if !pcm && factSamples > 0 && sampleRate > 0 {
		d, _ := mediaDur(uint64(factSamples), uint64(sampleRate))
		return d, nil
	}
	rate := uint64(byteRate)
	if rate == 0 || (pcm && blockAlign > 0 && sampleRate > 0 && rate != uint64(sampleRate)*uint64(blockAlign)) {
		rate = uint64(sampleRate) * uint64(blockAlign) // the block alignment is what players use
	}
	d, ok := mediaDur(uint64(dataSize), rate)
	if !ok {
		return 0, mediaMalformed(WAV, "no byte rate in the fmt chunk")
	}
	return d, nil
}

// wavChunkID reports four bytes that can name a chunk (printable ASCII).
func wavChunkID(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	for _, c := range b[:4] {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// ---- MP4, M4A, MOV ----

type mp4Box struct {
	typ       string
	off, body int64 // where the box and its contents start
	end       int64
}

type mp4Track struct {
	id                 uint32
	timescale          uint32
	duration           uint64
	defaultDuration    uint32 // from trex
	fragmentedDuration uint64
}

type mp4Parser struct {
	r      *mediaReader
	f      Format
	boxes  int
	tracks []*mp4Track
	byID   map[uint32]*mp4Track

	movieScale    uint32
	movieDuration uint64
	haveMvhd      bool
	mehd          uint64
}

// each calls fn for the boxes in [from, to).
func (p *mp4Parser) each(from, to int64, fn func(b mp4Box) error) error {
	for pos := from; pos < to; {
		if p.boxes++; p.boxes > mp4MaxBoxes {
			return mediaMalformed(p.f, "more than %d boxes", mp4MaxBoxes)
		}
		h := p.r.at(pos, 16)
		if to-pos < 8 || len(h) < 8 {
			if to-pos < 8 && to == p.r.size && pos+int64(len(h)) == to && allZero(h) {
				return nil // zero padding at the end of the file
			}
			return mediaMalformed(p.f, "truncated box header at %d", pos)
		}
		size := int64(binary.BigEndian.Uint32(h[0:4]))
		typ := string(h[4:8])
		hdr := int64(8)
		switch size {
		case 1:
			if len(h) < 16 {
				return mediaMalformed(p.f, "truncated box header at %d", pos)
			}
			u := binary.BigEndian.Uint64(h[8:16])
			if u > 1<<62 {
				return mediaMalformed(p.f, "box %q larger than the file", typ)
			}
			size, hdr = int64(u), 16
		case 0:
			size = to - pos
		}
		if size < hdr {
			return mediaMalformed(p.f, "box %q of %d bytes", typ, size)
		}
		if from == 0 && !wavChunkID(h[4:8]) { // inside a box any type is walked over by its size
			return mediaMalformed(p.f, "not a box at %d", pos)
		}
		if size > to-pos {
			return mediaMalformed(p.f, "truncated: box %q declares %d bytes, %d are there", typ, size, to-pos)
		}
		if err := fn(mp4Box{typ: typ, off: pos, body: pos + hdr, end: pos + size}); err != nil {
			return err
		}
		pos += size
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// full reads the version of a full box and n bytes after its version and flags.
func (p *mp4Parser) full(b mp4Box, n int) (version byte, flags uint32, data []byte, err error) {
	d := p.r.at(b.body, 4+n)
	if b.end-b.body < int64(4+n) || len(d) < 4+n {
		return 0, 0, nil, mediaMalformed(p.f, "truncated %q box", b.typ)
	}
	return d[0], uint32(d[1])<<16 | uint32(d[2])<<8 | uint32(d[3]), d[4 : 4+n], nil
}

// timing reads timescale and duration from an mvhd or mdhd box (versions 0 and 1).
func (p *mp4Parser) timing(b mp4Box) (scale uint32, dur uint64, err error) {
	v, _, _, err := p.full(b, 0)
	if err != nil {
		return 0, 0, err
	}
	switch v {
	case 0:
		_, _, d, err := p.full(b, 16)
		if err != nil {
			return 0, 0, err
		}
		scale, dur = binary.BigEndian.Uint32(d[8:12]), uint64(binary.BigEndian.Uint32(d[12:16]))
		if dur == 0xffffffff {
			dur = 0 // unknown
		}
	case 1:
		_, _, d, err := p.full(b, 28)
		if err != nil {
			return 0, 0, err
		}
		scale, dur = binary.BigEndian.Uint32(d[16:20]), binary.BigEndian.Uint64(d[20:28])
		if dur == 1<<64-1 {
			dur = 0
		}
	default:
		return 0, 0, mediaMalformed(p.f, "%q box version %d", b.typ, v)
	}
	return scale, dur, nil
}

func mp4Duration(r *mediaReader, f Format) (time.Duration, error) {
	p := &mp4Parser{r: r, f: f, byID: map[uint32]*mp4Track{}}
	var moov *mp4Box
	var moofs []mp4Box
	err := p.each(0, r.size, func(b mp4Box) error {
		switch b.typ {
		case "moov":
			if moov == nil {
				moov = &b
			}
		case "moof":
			if len(moofs) < mp4MaxBoxes {
				moofs = append(moofs, b)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if moov == nil {
		return 0, mediaMalformed(f, "no moov box (the file is cut, or not a finished recording)")
	}
	if err := p.moov(*moov, 1); err != nil {
		return 0, err
	}
	if !p.haveMvhd {
		return 0, mediaMalformed(f, "no mvhd box")
	}
	if p.movieScale == 0 {
		return 0, mediaMalformed(f, "a time scale of zero")
	}
	if p.movieDuration > 0 {
		return mp4Dur(f, p.movieDuration, p.movieScale)
	}
	if p.mehd > 0 {
		return mp4Dur(f, p.mehd, p.movieScale)
	}
	// Fragmented: add up the samples of every fragment, per track.
	for _, m := range moofs {
		if err := p.moof(m); err != nil {
			return 0, err
		}
	}
	var best time.Duration
	for _, t := range p.tracks {
		for _, dur := range []uint64{t.duration, t.fragmentedDuration} {
			if dur > 0 && t.timescale > 0 {
				d, err := mp4Dur(f, dur, t.timescale)
				if err != nil {
					return 0, err
				}
				best = max(best, d)
			}
		}
	}
	return best, nil
}

func mp4Dur(f Format, dur uint64, scale uint32) (time.Duration, error) {
	d, ok := mediaDur(dur, uint64(scale))
	if !ok {
		return 0, mediaMalformed(f, "implausible duration %d/%d s", dur, scale)
	}
	return d, nil
}

func (p *mp4Parser) moov(b mp4Box, depth int) error {
	if depth > mp4MaxDepth {
		return mediaMalformed(p.f, "boxes nested too deep")
	}
	return p.each(b.body, b.end, func(c mp4Box) error {
		switch c.typ {
		case "mvhd":
			scale, dur, err := p.timing(c)
			if err != nil {
				return err
			}
			p.movieScale, p.movieDuration, p.haveMvhd = scale, dur, true
		case "mvex":
			return p.each(c.body, c.end, func(e mp4Box) error {
				switch e.typ {
				case "mehd":
					v, _, _, err := p.full(e, 0)
					if err != nil {
						return err
					}
					if v == 1 {
						_, _, d, err := p.full(e, 8)
						if err != nil {
							return err
						}
						p.mehd = binary.BigEndian.Uint64(d)
					} else {
						_, _, d, err := p.full(e, 4)
						if err != nil {
							return err
						}
						p.mehd = uint64(binary.BigEndian.Uint32(d))
					}
				case "trex":
					_, _, d, err := p.full(e, 12)
					if err != nil {
						return err
					}
					p.track(binary.BigEndian.Uint32(d[0:4])).defaultDuration = binary.BigEndian.Uint32(d[8:12])
				}
				return nil
			})
		case "trak":
			return p.trak(c, depth+1)
		}
		return nil
	})
}

func (p *mp4Parser) track(id uint32) *mp4Track {
	if t, ok := p.byID[id]; ok {
		return t
	}
	t := &mp4Track{id: id}
	if len(p.tracks) < 4096 {
		p.tracks = append(p.tracks, t)
		p.byID[id] = t
	}
	return t
}

func (p *mp4Parser) trak(b mp4Box, depth int) error {
	if depth > mp4MaxDepth {
		return mediaMalformed(p.f, "boxes nested too deep")
	}
	var id uint32
	var scale uint32
	var dur uint64
	err := p.each(b.body, b.end, func(c mp4Box) error {
		switch c.typ {
		case "tkhd":
			v, _, _, err := p.full(c, 0)
			if err != nil {
				return err
			}
			n := 12
			if v == 1 {
				n = 20
			}
			_, _, d, err := p.full(c, n)
			if err != nil {
				return err
			}
			id = binary.BigEndian.Uint32(d[n-4 : n])
		case "mdia":
			return p.each(c.body, c.end, func(m mp4Box) error {
				if m.typ == "mdhd" {
					var err error
					scale, dur, err = p.timing(m)
					return err
				}
				return nil
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	t := p.track(id)
	t.timescale, t.duration = scale, dur
	return nil
}

// moof adds the sample durations of one movie fragment to its tracks.
func (p *mp4Parser) moof(b mp4Box) error {
	return p.each(b.body, b.end, func(c mp4Box) error {
		if c.typ != "traf" {
			return nil
		}
		var t *mp4Track
		var def uint32
		return p.each(c.body, c.end, func(e mp4Box) error {
			switch e.typ {
			case "tfhd":
				_, flags, d, err := p.full(e, 4)
				if err != nil {
					return err
				}
				t = p.track(binary.BigEndian.Uint32(d))
				def = t.defaultDuration
				if flags&0x08 != 0 {
					off := 4
					if flags&0x01 != 0 {
						off += 8
					}
					if flags&0x02 != 0 {
						off += 4
					}
					_, _, d, err := p.full(e, off+4)
					if err != nil {
						return err
					}
					def = binary.BigEndian.Uint32(d[off:])
				}
			case "trun":
				if t == nil {
					return nil
				}
				_, flags, d, err := p.full(e, 4)
				if err != nil {
					return err
				}
				count := int64(binary.BigEndian.Uint32(d))
				if flags&0x100 == 0 {
					t.fragmentedDuration += uint64(count) * uint64(def)
					return nil
				}
				pos := e.body + 8
				if flags&0x01 != 0 {
					pos += 4
				}
				if flags&0x04 != 0 {
					pos += 4
				}
				per := int64(4)
				for _, bit := range []uint32{0x200, 0x400, 0x800} {
					if flags&bit != 0 {
						per += 4
					}
				}
				if count > (e.end-pos)/per {
					return mediaMalformed(p.f, "trun box with more samples than bytes")
				}
				for i := int64(0); i < count; i++ {
					s := p.r.at(pos+i*per, 4)
					if len(s) < 4 {
						return mediaMalformed(p.f, "truncated trun box")
					}
					t.fragmentedDuration += uint64(binary.BigEndian.Uint32(s))
				}
			}
			return nil
		})
	})
}
