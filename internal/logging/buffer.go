package logging

import (
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// bufferedWriter batches log lines: an access log writing every line straight to stdout costs
// one system call per request, which measured as a tenth of a busy service's CPU. Lines are
// written every flushInterval, when flushSize of them wait, at once for warnings and errors, and
// by Flush before the process exits.
//
// A request only ever appends its line to memory: the write to the output happens on the
// flusher's goroutine, outside the lock lines are appended under. An output that blocks (a
// container's log pipe whose reader lags, a disk busy writing back) then holds up no request
// until maxPending bytes wait; beyond that, writers wait for the output rather than let the
// backlog grow without bound.
type bufferedWriter struct {
	w      io.Writer
	kicked atomic.Bool // the flusher has been asked to write this one out

	mu      sync.Mutex // guards pending
	pending []byte

	writeMu sync.Mutex // one write to w at a time, so lines keep their order
	spare   []byte     // the last written buffer, reused; guarded by writeMu
}

const (
	flushInterval = 200 * time.Millisecond
	flushSize     = 64 << 10
	maxPending    = 4 << 20
)

var (
	writersMu sync.Mutex
	writers   []*bufferedWriter
	// kicks wakes the one flusher goroutine for a writer with flushSize bytes waiting.
	kicks = make(chan *bufferedWriter, 16)
)

func newBufferedWriter(w io.Writer) *bufferedWriter {
	b := &bufferedWriter{w: w, pending: make([]byte, 0, flushSize)}
	writersMu.Lock()
	first := len(writers) == 0
	writers = append(writers, b)
	writersMu.Unlock()
	if first {
		go flushLoop()
	}
	return b
}

func flushLoop() {
	tick := time.NewTicker(flushInterval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			Flush()
		case b := <-kicks:
			b.kicked.Store(false)
			b.flush()
		}
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	b.pending = append(b.pending, p...)
	n := len(b.pending)
	b.mu.Unlock()
	switch {
	case n >= maxPending:
		b.flush()
	case n >= flushSize && b.kicked.CompareAndSwap(false, true):
		select {
		case kicks <- b:
		default: // the flusher is behind; the tick or maxPending will see to it
			b.kicked.Store(false)
		}
	}
	return len(p), nil
}

// flush writes out what is pending, swapping buffers so that writers append meanwhile.
func (b *bufferedWriter) flush() {
	b.writeMu.Lock()
	defer b.writeMu.Unlock()
	b.mu.Lock()
	out := b.pending
	b.pending = b.spare[:0]
	b.mu.Unlock()
	if len(out) > 0 {
		_, _ = b.w.Write(out)
	}
	if cap(out) > maxPending {
		out = make([]byte, 0, flushSize) // a backlog's buffer is not kept
	}
	b.spare = out[:0]
}

// Flush writes out every buffered log line; mains defer it.
func Flush() {
	writersMu.Lock()
	list := append([]*bufferedWriter(nil), writers...)
	writersMu.Unlock()
	for _, b := range list {
		b.flush()
	}
}
