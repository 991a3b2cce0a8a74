package pdf

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// The file's searches must find what the same searches over the whole file in memory find,
// keys across block boundaries included.
func TestFileSearches(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 3*blockSize+1234)
	for i := range data {
		data[i] = "ab \n"[rnd.IntN(4)]
	}
	const key = "endstream"
	// keys across each block boundary, at the start and at the end
	for _, at := range []int{0, blockSize - 4, 2*blockSize - 8, 2*blockSize - 1, 3*blockSize - 5, len(data) - len(key)} {
		copy(data[at:], key)
	}
	f := newFile(bytes.NewReader(data), 0, int64(len(data)))
	for from := 0; from < len(data); from += 1 + rnd.IntN(5000) {
		want := bytes.Index(data[from:], []byte(key))
		if want >= 0 {
			want += from
		}
		if got := f.index(int64(from), key); got != int64(want) {
			t.Fatalf("index from %d: %d, want %d", from, got, want)
		}
	}
	for end := len(data); end > 0; end -= 1 + rnd.IntN(5000) {
		g := newFile(bytes.NewReader(data[:end]), 0, int64(end))
		if got, want := g.lastIndex(key), bytes.LastIndex(data[:end], []byte(key)); got != int64(want) {
			t.Fatalf("lastIndex of %d bytes: %d, want %d", end, got, want)
		}
		if got, want := g.trimSpace(int64(end)), len(bytes.TrimRight(data[:end], " \n")); got != int64(want) {
			t.Fatalf("trimSpace(%d): %d, want %d", end, got, want)
		}
		from := rnd.IntN(end)
		to := min(end, from+rnd.IntN(3*blockSize))
		if got, want := g.contains(int64(from), int64(to), key), bytes.Contains(data[from:to], []byte(key)); got != want {
			t.Fatalf("contains(%d, %d): %v, want %v", from, to, got, want)
		}
		n := rnd.IntN(5 * blockSize)
		if w := g.window(int64(from), n); len(w) < min(n, end-from) || !bytes.HasPrefix(data[from:end], w) {
			t.Fatalf("window(%d, %d): %d bytes, not the file's", from, n, len(w))
		}
	}
}
