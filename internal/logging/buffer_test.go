package logging

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
	"time"
)

// blockingWriter holds its first Write until released, as a log pipe whose reader lags would.
type blockingWriter struct {
	entered chan struct{}
	release chan struct{}
	once    sync.Once
	mu      sync.Mutex
	buf     bytes.Buffer
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.entered); <-w.release })
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// A request's log line never waits for the output: while a write to it hangs, lines are still
// taken at once (past the size that wakes the flusher), and once it moves every line arrives, in
// order.
func TestLinesDoNotWaitForAStuckOutput(t *testing.T) {
	out := &blockingWriter{entered: make(chan struct{}), release: make(chan struct{})}
	b := newBufferedWriter(out)
	line := func(i int) []byte { return fmt.Appendf(nil, `{"msg":"request","n":%d}`+"\n", i) }
	_, _ = b.Write(line(0))
	go b.flush()
	<-out.entered

	const n = 5000 // about 150 kB, past flushSize
	logged := make(chan time.Duration)
	go func() {
		start := time.Now()
		for i := 1; i <= n; i++ {
			_, _ = b.Write(line(i))
		}
		logged <- time.Since(start)
	}()
	select {
	case took := <-logged:
		if took > 500*time.Millisecond {
			t.Errorf("%d lines took %v to log while the output was stuck; they must not wait for it", n, took)
		}
		close(out.release)
	case <-time.After(3 * time.Second):
		t.Errorf("logging %d lines waited for the stuck output", n)
		close(out.release)
		<-logged
	}
	Flush()

	var want bytes.Buffer
	for i := 0; i <= n; i++ {
		want.Write(line(i))
	}
	out.mu.Lock()
	defer out.mu.Unlock()
	if !bytes.Equal(out.buf.Bytes(), want.Bytes()) {
		t.Errorf("output is not every line in order: %d bytes, want %d", out.buf.Len(), want.Len())
	}
}
