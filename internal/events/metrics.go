package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// The event metrics every program with outboxes or consumers serves on /metrics, under the same
// names everywhere, so one alert rule covers every service (k8s/monitoring).
const (
	MetricOutboxBacklog   = "linguaport_outbox_backlog"
	MetricConsumerLag     = "linguaport_consumer_lag"
	MetricConsumerPending = "linguaport_consumer_pending"
)

// MetricLabels are the labels of each event metric, for the alert rules' check
// (k8s/monitoring_test.go) as much as for the metrics themselves.
var MetricLabels = map[string][]string{
	MetricOutboxBacklog:   {"outbox"},
	MetricConsumerLag:     {"stream", "group"},
	MetricConsumerPending: {"stream", "group"},
}

const (
	// backlogDocs bounds the documents one scrape reads per outbox: the count is exact below
	// it and a floor above it, which is all an alert needs (a relay that far behind is stuck).
	backlogDocs = 1000
	// scrapeTimeout bounds the reads of one scrape, so a hung database or Redis costs the
	// scraper a missing series rather than its whole /metrics.
	scrapeTimeout = 2 * time.Second
)

var (
	backlogDesc = prometheus.NewDesc(MetricOutboxBacklog,
		fmt.Sprintf("Events written to an outbox (by collection) and not yet published to their stream; "+
			"counted in at most %d documents, so past that it is a floor.", backlogDocs),
		MetricLabels[MetricOutboxBacklog], nil)
	lagDesc = prometheus.NewDesc(MetricConsumerLag,
		"Entries of a stream not yet delivered to a consumer group (XINFO GROUPS lag; absent while Redis cannot tell).",
		MetricLabels[MetricConsumerLag], nil)
	pendingDesc = prometheus.NewDesc(MetricConsumerPending,
		"Entries delivered to a consumer group and not yet acknowledged: being handled, or failing and waiting to be retried.",
		MetricLabels[MetricConsumerPending], nil)
)

// Metrics measures a program's outboxes and consumer groups when /metrics is scraped. Nothing is
// counted between scrapes, so the numbers are right whichever instance wrote or consumed: the
// backlog is the collection's, the lag the group's, the same seen from every replica (alert
// rules take their max, not their sum).
//
// The backlog is a bounded query through OutboxIndex: the index holds only documents with
// pending events, so on MongoDB a scrape reads at most backlogDocs small documents however large
// the collection grows; FerretDB hands the query (the outbox.Waiting mark, a top-level equality)
// to PostgreSQL and decodes only the marked documents.
type Metrics struct {
	log *slog.Logger

	mu        sync.Mutex
	relays    []*Relay
	consumers []*Consumer
}

// NewMetrics registers the event metrics in reg; add the program's relays and consumers to it.
func NewMetrics(reg prometheus.Registerer, log *slog.Logger) *Metrics {
	if log == nil {
		log = slog.Default()
	}
	m := &Metrics{log: log}
	reg.MustRegister(m)
	return m
}

// Outboxes adds relays whose outboxes' backlog is measured, named by their collection.
func (m *Metrics) Outboxes(rs ...*Relay) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.relays = append(m.relays, rs...)
}

// Consumers adds consumers whose group's lag and pending entries are measured.
func (m *Metrics) Consumers(cs ...*Consumer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.consumers = append(m.consumers, cs...)
}

// Describe implements prometheus.Collector.
func (m *Metrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- backlogDesc
	ch <- lagDesc
	ch <- pendingDesc
}

// Collect implements prometheus.Collector. A read that fails leaves its series out of this
// scrape (and is logged) instead of failing the scrape, which would hide the RED metrics too.
func (m *Metrics) Collect(ch chan<- prometheus.Metric) {
	m.mu.Lock()
	relays, consumers := append([]*Relay(nil), m.relays...), append([]*Consumer(nil), m.consumers...)
	m.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	var errs []error

	seenOutbox := map[string]bool{}
	for _, r := range relays {
		name := r.Collection().Name()
		if seenOutbox[name] {
			continue
		}
		seenOutbox[name] = true
		n, err := r.Backlog(ctx)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ch <- prometheus.MustNewConstMetric(backlogDesc, prometheus.GaugeValue, float64(n), name)
	}

	// One XINFO GROUPS per stream answers for every group of ours on it.
	type streamGroups struct {
		rdb    *redis.Client
		groups map[string]bool
	}
	byStream := map[string]*streamGroups{}
	var streams []string
	for _, c := range consumers {
		sg := byStream[c.stream]
		if sg == nil {
			sg = &streamGroups{rdb: c.rdb, groups: map[string]bool{}}
			byStream[c.stream] = sg
			streams = append(streams, c.stream)
		}
		sg.groups[c.group] = true
	}
	for _, stream := range streams {
		sg := byStream[stream]
		infos, err := sg.rdb.XInfoGroups(ctx, stream).Result()
		if err != nil {
			// Before its consumers first ran the stream may not exist: nothing to measure yet.
			if !strings.Contains(err.Error(), "no such key") {
				errs = append(errs, fmt.Errorf("groups of %s: %w", stream, err))
			}
			continue
		}
		for _, g := range infos {
			if !sg.groups[g.Name] {
				continue
			}
			// Redis answers no lag when it cannot know it (entries deleted from the middle
			// of the stream); go-redis reads that as -1.
			if g.Lag >= 0 {
				ch <- prometheus.MustNewConstMetric(lagDesc, prometheus.GaugeValue, float64(g.Lag), stream, g.Name)
			}
			ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(g.Pending), stream, g.Name)
		}
	}
	if err := errors.Join(errs...); err != nil {
		m.log.Warn("event metrics", "err", err)
	}
}

// Backlog counts the events waiting in the collection's outboxes, reading at most backlogDocs
// documents through OutboxIndex.
func (r *Relay) Backlog(ctx context.Context) (int, error) {
	return r.Relay.Backlog(ctx, backlogDocs)
}
