package files_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"linguaport/internal/authn"
	"testing"
	"time"

	"linguaport/internal/testenv"
	"linguaport/svc-orders/files"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// gatedSource is a document whose bytes arrive only when the gate opens.
type gatedSource struct {
	data []byte
	gate chan struct{}
}

func (g gatedSource) ReadAt(p []byte, off int64) (int, error) {
	<-g.gate
	return bytes.NewReader(g.data).ReadAt(p, off)
}

func (g gatedSource) Size() int64 { return int64(len(g.data)) }

func TestCountingWaitsForAFreeSlot(t *testing.T) {
	ctx := context.Background()
	store, err := files.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	svc := files.NewService(store, files.NewRedisTokens(testenv.StartRedis(t).Client), nil, nil, 1, rand.Text, time.Now)
	first := gatedSource{data: []byte("bir iki üç"), gate: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := svc.UploadFile(ctx, authn.Caller{}, files.UploadInput{Name: "a.txt", Content: first})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond) // the first upload holds the only slot, waiting for its bytes

	waiting, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	open := gatedSource{data: []byte("dört"), gate: make(chan struct{})}
	close(open.gate)
	if _, err := svc.UploadFile(waiting, authn.Caller{}, files.UploadInput{Name: "b.txt", Content: open}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second upload while the slot is taken: %v", err)
	}
	close(first.gate)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ans, err := svc.UploadFile(ctx, authn.Caller{}, files.UploadInput{Name: "b.txt", Content: open}); err != nil || ans.File.Counts.Words != 1 {
		t.Fatalf("once the slot is free: %+v %v", ans, err)
	}
}
