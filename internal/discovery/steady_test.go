package discovery

import (
	"testing"

	kitconsul "github.com/go-kit/kit/sd/consul"
	consul "github.com/hashicorp/consul/api"
)

// answerAfterStop is an agent whose answer arrives just as the watch is stopped.
type answerAfterStop struct {
	kitconsul.Client
	stop func()
}

func (a answerAfterStop) Service(string, string, bool, *consul.QueryOptions) ([]*consul.ServiceEntry, *consul.QueryMeta, error) {
	a.stop()
	return []*consul.ServiceEntry{}, &consul.QueryMeta{LastIndex: 7}, nil
}

// go-kit's instancer reads the meta of every answer without an error, so a watch stopped while
// a query was under way must answer with an error, never with nothing at all (it panicked).
func TestStoppedWatchAnswersWithAnError(t *testing.T) {
	c := newSteadyClient(nil, "svc-geo", nil)
	c.Client = answerAfterStop{stop: c.stop}
	entries, meta, err := c.Service("svc-geo", "", true, &consul.QueryOptions{})
	if err == nil && meta == nil {
		t.Fatalf("answered %v, nil meta and no error", entries)
	}
}
