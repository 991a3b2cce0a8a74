package pdf

// The document as it lies on disk. The reader never copies the file: it looks at it through a
// few cached blocks (objects sit next to each other, and a parser goes back and forth between
// the cross-reference data and the objects), and reads streams as they are decoded.

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"linguaport/counting/internal/blockcache"
)

const (
	blockSize    = blockcache.BlockSize
	cachedBlocks = 8

	// An object larger than maxWindow is read as if the file ended there.
	maxWindow = 16 << 20
)

// firstWindow is the least of the file an object is first parsed from (usually the rest of its
// block, which is more); a window that turns out too short grows eightfold up to maxWindow. The
// tests make it 1 byte, so that windows are cut everywhere.
var firstWindow = 4 << 10

// file is the document from its %PDF- header on: offsets in the document are offsets from the
// header, as cross-reference tables give them.
type file struct {
	r      io.ReaderAt
	base   int64 // where the header is in r
	size   int64 // bytes from the header to the end
	blocks *blockcache.Cache
	tmp    []byte // a window that spans blocks
}

func newFile(r io.ReaderAt, base, size int64) *file {
	return &file{r: r, base: base, size: size, blocks: blockcache.New(r, base, size, cachedBlocks)}
}

// readAt fills p from off, fewer bytes only at the end of the file. A read error is not a
// property of the document: it ends the reading as it is.
func (f *file) readAt(p []byte, off int64) int {
	n, err := f.r.ReadAt(p, f.base+off)
	if err != nil && !errors.Is(err, io.EOF) {
		fail(fmt.Errorf("pdf: reading the file: %w", err))
	}
	return n
}

// block returns block i of the file (blockSize bytes from i*blockSize, fewer at the end).
func (f *file) block(i int64) []byte {
	b := f.blocks.Block(i)
	if err := f.blocks.Err(); err != nil {
		fail(fmt.Errorf("pdf: reading the file: %w", err))
	}
	return b
}

// window returns the file from off: at least n bytes, or all up to the end of the file, and
// more when they are at hand. It is valid until the next read of the file.
func (f *file) window(off int64, n int) []byte {
	if off < 0 || off >= f.size {
		return nil
	}
	n = int(min(int64(n), f.size-off))
	i, o := off/blockSize, int(off%blockSize)
	b := f.block(i)
	if o+n <= len(b) {
		return b[o:]
	}
	if n > 4*blockSize { // a large window is read whole, past the cache
		if cap(f.tmp) < n {
			f.tmp = make([]byte, n)
		}
		f.tmp = f.tmp[:f.readAt(f.tmp[:n], off)]
		return f.tmp
	}
	f.tmp = append(f.tmp[:0], b[min(o, len(b)):]...)
	for len(f.tmp) < n {
		i++
		next := f.block(i)
		if len(next) == 0 {
			break
		}
		f.tmp = append(f.tmp, next[:min(len(next), n-len(f.tmp))]...)
	}
	return f.tmp
}

// byteAt is the byte at off, which must be inside the file.
func (f *file) byteAt(off int64) byte {
	return f.block(off / blockSize)[off%blockSize]
}

// index is the offset of the first key at or after from, or -1.
func (f *file) index(from int64, key string) int64 {
	for off := max(from, 0); off < f.size; {
		i, o := off/blockSize, int(off%blockSize)
		if j := bytes.Index(f.block(i)[o:], []byte(key)); j >= 0 {
			return off + int64(j)
		}
		// one across the end of the block
		end := (i + 1) * blockSize
		if start := max(off, end-int64(len(key))+1); end < f.size {
			w := f.window(start, len(key)-1+int(end-start))
			if j := bytes.Index(w[:min(len(w), len(key)-1+int(end-start))], []byte(key)); j >= 0 {
				return start + int64(j)
			}
		}
		off = end
	}
	return -1
}

// lastIndex is the offset of the last key in the file, or -1.
func (f *file) lastIndex(key string) int64 {
	for i := (f.size - 1) / blockSize; i >= 0; i-- {
		// the keys that start in block i, one that runs into the next block included
		start := i * blockSize
		n := int(min(f.size, start+blockSize+int64(len(key))-1) - start)
		w := f.window(start, n)
		if j := bytes.LastIndex(w[:min(len(w), n)], []byte(key)); j >= 0 {
			return start + int64(j)
		}
	}
	return -1
}

// contains reports key in [from, to).
func (f *file) contains(from, to int64, key string) bool {
	if from >= to {
		return false
	}
	w := f.window(from, int(to-from))
	return bytes.Contains(w[:min(len(w), int(to-from))], []byte(key))
}

// trimSpace is end moved back over white space.
func (f *file) trimSpace(end int64) int64 {
	for end > 0 {
		i := (end - 1) / blockSize
		b := f.block(i)[:end-i*blockSize]
		k := len(b)
		for k > 0 && isSpace(b[k-1]) {
			k--
		}
		end = i*blockSize + int64(k)
		if k > 0 {
			break
		}
	}
	return end
}

// section reads n bytes of the file from off.
func (f *file) section(off, n int64) io.Reader {
	return &sectionReader{f: f, off: off, end: min(off+n, f.size)}
}

// sectionReader reads a stream's data straight from the file.
type sectionReader struct {
	f        *file
	off, end int64
}

func (s *sectionReader) Read(p []byte) (int, error) {
	if s.off >= s.end {
		return 0, io.EOF
	}
	n := s.f.readAt(p[:min(int64(len(p)), s.end-s.off)], s.off)
	if n == 0 {
		return 0, io.EOF
	}
	s.off += int64(n)
	return n, nil
}
