package mongox

import (
	"context"
	"slices"
	"sync"

	"go.mongodb.org/mongo-driver/v2/event"
)

// CombineMonitors passes every command event to each of monitors in turn; nil monitors and
// missing callbacks are skipped.
func CombineMonitors(monitors ...*event.CommandMonitor) *event.CommandMonitor {
	ms := slices.DeleteFunc(slices.Clone(monitors), func(m *event.CommandMonitor) bool { return m == nil })
	return fanOut(func() []*event.CommandMonitor { return ms })
}

func fanOut(monitors func() []*event.CommandMonitor) *event.CommandMonitor {
	return &event.CommandMonitor{
		Started: func(ctx context.Context, e *event.CommandStartedEvent) {
			for _, m := range monitors() {
				if m.Started != nil {
					m.Started(ctx, e)
				}
			}
		},
		Succeeded: func(ctx context.Context, e *event.CommandSucceededEvent) {
			for _, m := range monitors() {
				if m.Succeeded != nil {
					m.Succeeded(ctx, e)
				}
			}
		},
		Failed: func(ctx context.Context, e *event.CommandFailedEvent) {
			for _, m := range monitors() {
				if m.Failed != nil {
					m.Failed(ctx, e)
				}
			}
		},
	}
}

var observers struct {
	mu   sync.Mutex
	list []*event.CommandMonitor // replaced, never changed in place: readers keep their copy
}

// ObserveCommands shows m the commands of every client this package connects (CommandMonitor
// includes the observers), beside their spans, until stop is called. It is how tests see what a
// service sends without a second way of connecting: internal/testenv checks every query against
// the indexes its collection has.
func ObserveCommands(m *event.CommandMonitor) (stop func()) {
	observers.mu.Lock()
	observers.list = append(slices.Clone(observers.list), m)
	observers.mu.Unlock()
	return func() {
		observers.mu.Lock()
		defer observers.mu.Unlock()
		observers.list = slices.DeleteFunc(slices.Clone(observers.list), func(o *event.CommandMonitor) bool { return o == m })
	}
}

// observed passes events to the observers registered when each event happens, so clients
// connected before an observer registers are seen too.
var observed = fanOut(func() []*event.CommandMonitor {
	observers.mu.Lock()
	defer observers.mu.Unlock()
	return observers.list
})
