// Package media reads the playing time of audio and video files from their own headers, by
// small parsers (no cgo, no decoding): MP3 (MPEG audio frames, Xing/Info and VBRI headers), WAV
// (RIFF/RF64 chunks) and MP4/M4A/MOV (ISO base media boxes: mvhd, mehd, mdhd, and fragments).
//
// Every read is bounded: the frames walked, the boxes and chunks visited, their nesting; the
// file is read through a few cached blocks, never whole. A file whose headers are unreadable,
// or that holds less than its headers declare (a truncated upload), is refused with an error
// that wraps counting's ErrMalformed.
package media

import (
	"fmt"
	"io"
	"time"

	"linguaport/counting/internal/blockcache"
	"linguaport/counting/internal/refusal"
)

// The formats Duration reads, named as counting names them.
const (
	formatMP3 = "mp3"
	formatWAV = "wav"
	formatMP4 = "mp4"
	formatM4A = "m4a"
)

const (
	maxDuration = 1000 * time.Hour // longer is not a real recording: a damaged header

	mp3MaxTagSkips = 16
	mp3MaxFrames   = 100_000 // walked frames; the rest of a longer file is extrapolated
	mp3SyncSearch  = 1 << 20 // how far the first frame is looked for after the tags
	mp3Probes      = 8       // places where a file without a VBR header is checked for CBR

	wavMaxChunks = 10_000

	mp4MaxBoxes = 200_000
	mp4MaxDepth = 8
)

// Duration is the playing time of the file in r, size bytes long; format is "mp3", "wav",
// "mp4" or "m4a" (any other is counting's ErrUnsupported). A file that cannot be read is
// ErrMalformed, a panic in a parser included.
func Duration(r io.ReaderAt, size int64, format string) (d time.Duration, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = 0, fmt.Errorf("%w: %s: unreadable file (%v)", refusal.ErrMalformed, format, p)
		}
	}()
	return duration(r, size, format)
}

// duration is Duration without the recover: the fuzz targets call it, so that a bug shows as
// a crash.
func duration(src io.ReaderAt, size int64, format string) (time.Duration, error) {
	r := &reader{blocks: blockcache.New(src, 0, size, cachedBlocks), size: size}
	if size < 0 {
		return 0, malformed(format, "negative size")
	}
	var d time.Duration
	var err error
	switch format {
	case formatMP3:
		d, err = mp3Duration(r)
	case formatWAV:
		d, err = wavDuration(r)
	case formatMP4, formatM4A:
		d, err = mp4Duration(r, format)
	default:
		return 0, fmt.Errorf("%w: %q is not an audio or video format", refusal.ErrUnsupported, format)
	}
	if r.err != nil {
		return 0, fmt.Errorf("%s: reading the file: %w", format, r.err)
	}
	if err != nil {
		return 0, err
	}
	if d < 0 || d > maxDuration {
		return 0, malformed(format, "implausible duration %v", d)
	}
	return d, nil
}

func malformed(format, msg string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", refusal.ErrMalformed, format, fmt.Sprintf(msg, args...))
}

const cachedBlocks = 4

// reader reads the file through a few cached blocks, so that walking small headers one after
// the other (and looking ahead and back) does not cost a read each.
type reader struct {
	blocks *blockcache.Cache
	size   int64
	tmp    []byte
	err    error // a read error other than the end of the file
}

// at returns up to n bytes at off (fewer at the end of the file); the slice is valid until the
// next call.
func (r *reader) at(off int64, n int) []byte {
	if off < 0 || n <= 0 || off >= r.size || r.err != nil {
		return nil
	}
	n = int(min(int64(n), r.size-off))
	i, o := off/blockcache.BlockSize, int(off%blockcache.BlockSize)
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

func (r *reader) block(i int64) []byte {
	b := r.blocks.Block(i)
	r.err = r.blocks.Err()
	return b
}

// durationOf is count units of 1/rate seconds, without overflow.
func durationOf(count, rate uint64) (time.Duration, bool) {
	if rate == 0 {
		return 0, false
	}
	secs, rem := count/rate, count%rate
	if secs > uint64(maxDuration/time.Second) {
		return 0, false
	}
	return time.Duration(secs)*time.Second + time.Duration(rem*uint64(time.Second)/rate), true
}

// isFourCC reports four bytes that can name a RIFF chunk or an MP4 box (printable ASCII).
func isFourCC(b []byte) bool {
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
