// Package blockcache reads an uploaded file through a few cached blocks, for the readers under
// counting that walk small structures of a file back and forth (PDF objects and
// cross-reference data, MP4 boxes, MP3 frames): a read of the file each would cost a system
// call, and reading the file whole would hold a copy of it.
package blockcache

import (
	"errors"
	"io"
)

// BlockSize is the size of a block; block i is the file from i*BlockSize.
const BlockSize = 64 << 10

// Cache is n blocks of a file, the least recently used one replaced.
type Cache struct {
	r      io.ReaderAt
	base   int64 // where the file starts in r
	size   int64
	blocks []block
	clock  int
	err    error
}

type block struct {
	index int64 // block number + 1; 0 is empty
	data  []byte
	used  int
}

// New caches n blocks of the size bytes of r from base.
func New(r io.ReaderAt, base, size int64, n int) *Cache {
	return &Cache{r: r, base: base, size: size, blocks: make([]block, n)}
}

// Block returns block i: BlockSize bytes, fewer at the end of the file, none after a read
// error (see Err). It is valid until the next call.
func (c *Cache) Block(i int64) []byte {
	c.clock++
	oldest := 0
	for k := range c.blocks {
		b := &c.blocks[k]
		if b.index == i+1 {
			b.used = c.clock
			return b.data
		}
		if b.used < c.blocks[oldest].used {
			oldest = k
		}
	}
	b := &c.blocks[oldest]
	n := max(0, min(BlockSize, c.size-i*BlockSize))
	if b.data == nil {
		b.data = make([]byte, BlockSize)
	}
	k, err := c.r.ReadAt(b.data[:n], c.base+i*BlockSize)
	if err != nil && !errors.Is(err, io.EOF) {
		c.err = err
		k = 0
	}
	b.data, b.index, b.used = b.data[:k], i+1, c.clock
	return b.data
}

// Err is the first error reading the file (the end of the file is none).
func (c *Cache) Err() error { return c.err }
