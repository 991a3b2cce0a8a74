package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestBackoffDoublesToItsCapAndResetsAfterAStableRun(t *testing.T) {
	b := backoff{min: 500 * time.Millisecond, max: 30 * time.Second, stable: time.Minute}
	var got []time.Duration
	for range 9 {
		got = append(got, b.delay(time.Second))
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second,
		16 * time.Second, 30 * time.Second, 30 * time.Second, 30 * time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("delays %v, want %v", got, want)
		}
	}
	if d := b.delay(59 * time.Second); d != 30*time.Second {
		t.Errorf("after 59 s up: %v, want the cap still", d)
	}
	if d := b.delay(time.Minute); d != 500*time.Millisecond {
		t.Errorf("after a minute up: %v, want the first delay again", d)
	}
	if d := b.delay(0); d != time.Second {
		t.Errorf("failing again at once: %v, want the doubled delay", d)
	}
	if restartBackoff.min != 500*time.Millisecond || restartBackoff.max != 30*time.Second || restartBackoff.stable != time.Minute {
		t.Errorf("the stack's policy %+v", restartBackoff)
	}
}

// lockedBuffer collects the stack's JSON log lines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// lines are the log records with message msg.
func (l *lockedBuffer) lines(msg string) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(l.b.String(), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

func testStack(t *testing.T) (*stack, *lockedBuffer) {
	t.Helper()
	logs := &lockedBuffer{}
	s := newStack(stackConfig{dataDir: t.TempDir()}, slog.New(slog.NewJSONHandler(logs, nil)))
	if err := os.MkdirAll(s.cfg.logDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stop)
	return s, logs
}

func alive(pid int) bool {
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err == nil && !strings.Contains(string(st), ") Z ")
}

// A process of the stack killed from outside is logged and started again, with a longer wait
// when it dies again soon; the others keep running; stopping ends them all in reverse order and
// starts nothing again.
func TestKilledProcessIsRestarted(t *testing.T) {
	s, logs := testStack(t)
	sleep := func() *exec.Cmd { return exec.Command("sleep", "600") }
	for _, name := range []string{"first", "victim", "last"} {
		if err := s.run(name, sleep, syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
	}
	pidOf := func(name string) int {
		for _, rec := range slices.Backward(logs.lines("started")) {
			if rec["name"] == name {
				return int(rec["pid"].(float64))
			}
		}
		t.Fatalf("no start of %s logged", name)
		return 0
	}
	first, last := pidOf("first"), pidOf("last")

	for i, wantDelay := range []string{"500ms", "1s"} {
		victim := pidOf("victim")
		if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for pidOf("victim") == victim {
			if time.Now().After(deadline) {
				t.Fatalf("victim not restarted within 10 s; logs:\n%s", logs.b.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		if !alive(pidOf("victim")) {
			t.Errorf("restarted victim %d is not running", pidOf("victim"))
		}
		exits := logs.lines("exited unexpectedly; restarting")
		if len(exits) != i+1 {
			t.Fatalf("%d exit lines after %d kills: %v", len(exits), i+1, exits)
		}
		if e := exits[i]; e["name"] != "victim" || e["status"] != "signal: killed" || e["restart_in"] != wantDelay || e["level"] != "WARN" {
			t.Errorf("exit line %v, want victim, signal: killed, restart in %s", e, wantDelay)
		}
	}
	if !alive(first) || !alive(last) {
		t.Error("the other processes did not keep running")
	}

	victim := pidOf("victim")
	s.stop()
	for _, pid := range []int{first, victim, last} {
		if alive(pid) {
			t.Errorf("process %d runs after stop", pid)
		}
	}
	var order []string
	for _, rec := range logs.lines("stopped") {
		order = append(order, rec["name"].(string))
	}
	if strings.Join(order, ",") != "last,victim,first" {
		t.Errorf("stopped in order %v", order)
	}
	time.Sleep(time.Second) // longer than the first restart delay
	if n := len(logs.lines("exited unexpectedly; restarting")); n != 2 {
		t.Errorf("%d exit lines after stop: processes stopped by the stack count as crashes", n)
	}
	if n := len(logs.lines("started")); n != 5 {
		t.Errorf("%d starts, want 3 and 2 restarts", n)
	}
}

// A process that dies while the stack is shutting down stays down.
func TestNothingRestartsDuringShutdown(t *testing.T) {
	s, logs := testStack(t)
	// "slow" takes a while to stop, and "quick", stopped after it, dies meanwhile.
	if err := s.run("quick", func() *exec.Cmd { return exec.Command("sleep", "600") }, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := s.run("slow", func() *exec.Cmd {
		return exec.Command("sh", "-c", "trap 'sleep 1; exit 0' TERM; while :; do sleep 0.1; done")
	}, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	quick := int(logs.lines("started")[0]["pid"].(float64))
	time.Sleep(200 * time.Millisecond) // the trap is set
	go func() {
		time.Sleep(200 * time.Millisecond)
		_ = syscall.Kill(quick, syscall.SIGKILL)
	}()
	s.stop()
	if n := len(logs.lines("started")); n != 2 {
		t.Errorf("%d starts: something was restarted during shutdown", n)
	}
	if n := len(logs.lines("exited unexpectedly; restarting")); n != 0 {
		t.Errorf("an exit during shutdown was logged as unexpected")
	}
}
