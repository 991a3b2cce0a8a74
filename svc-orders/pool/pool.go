// Package pool is svc-orders' read model of the translators who take jobs from the pool (DESIGN
// §10): each one's language pairs, services, sworn verification, active-job cap and vacations, as
// svc-translators last published them (translator.profile_changed), and the rules that say which
// jobs a translator may take. svc-orders never asks svc-translators: while it is down the pool
// keeps working from this copy.
package pool

import (
	"errors"
	"slices"
	"strings"
	"time"

	"linguaport/svc-orders/pricing"
)

// DefaultCap is how many jobs a translator works on at once unless staff set their own cap.
const DefaultCap = 3

// Pair is a language pair with its direction: tr→en does not imply en→tr.
type Pair struct {
	Source string `json:"source" bson:"source"`
	Target string `json:"target" bson:"target"`
}

// Vacation is a period in which the translator takes no jobs: from Start up to, not including, End.
type Vacation struct {
	Start time.Time `json:"start" bson:"start"`
	End   time.Time `json:"end" bson:"end"`
}

// Translator is one translator as the pool sees them. Version is svc-translators' version of the
// profile it was copied from: only a newer one replaces it.
type Translator struct {
	ID            string     `bson:"_id"`
	Version       int64      `bson:"version"`
	Pairs         []Pair     `bson:"pairs"`
	Services      []string   `bson:"services"`
	SwornVerified bool       `bson:"swornVerified"`
	ActiveJobCap  int        `bson:"activeJobCap"`
	Suspended     bool       `bson:"suspended"`
	Vacations     []Vacation `bson:"vacations"`
	At            time.Time  `bson:"at"`
	// Erased marks the place of a translator erased (KVKK, erase.go): no profile, and none again.
	Erased bool `bson:"erased,omitempty"`
	// PoolKeys are IndexKeys() as stored, so that the translators competent for a job are an
	// index lookup (MongoStore.Covering); Apply writes them, and PoolVersion, their format.
	PoolKeys    []string `bson:"poolKeys"`
	PoolVersion int      `bson:"poolVersion"`
}

// Job is what decides who may take a piece of work: its service, its pairs, whether it is sworn.
type Job struct {
	Service string
	Source  string
	Targets []string
	Sworn   bool
}

// JobOf is the job of work ordered with the given add-ons.
func JobOf(service, source string, targets, addOns []string) Job {
	return Job{Service: service, Source: source, Targets: targets, Sworn: slices.Contains(addOns, pricing.SwornAddOn)}
}

// Keys are the pool keys of a job, one per target language: "<service>:<source>><target>",
// prefixed "sworn:" for sworn work. A translator may take a job when they hold every one of its
// keys; orders store them so that the pool query is an index lookup.
func (j Job) Keys() []string {
	keys := make([]string, len(j.Targets))
	for i, target := range j.Targets {
		keys[i] = key(j.Sworn, j.Service, Pair{Source: j.Source, Target: target})
	}
	return keys
}

func key(sworn bool, service string, p Pair) string {
	k := service + ":" + strings.ToLower(p.Source) + ">" + strings.ToLower(p.Target)
	if sworn {
		k = "sworn:" + k
	}
	return k
}

// Keys are the pool keys of every job t is competent for: each service with each pair, and the
// same as sworn work once staff verified their sworn status.
func (t *Translator) Keys() []string {
	var keys []string
	for _, s := range t.Services {
		for _, p := range t.Pairs {
			keys = append(keys, key(false, s, p))
			if t.SwornVerified {
				keys = append(keys, key(true, s, p))
			}
		}
	}
	return keys
}

// PoolVersion is the format of the stored PoolKeys: 2 is IndexKeys; before, they were Keys.
const PoolVersion = 2

// IndexKeys are the keys t is stored under: one per language pair, and one per pair for sworn
// work once staff verified their sworn status ("tr>en", "sworn:tr>en"), at most 2×MaxPairs of
// svc-translators. Keys (every service times every pair) could reach 480 keys and 22 KB, past
// the 2,704 bytes PostgreSQL's btree holds of an indexed array under FerretDB (the translator's
// read model could not be stored); the service is checked on the translators read (Covers).
func (t *Translator) IndexKeys() []string {
	var keys []string
	for _, p := range t.Pairs {
		keys = append(keys, pairKey(false, p))
		if t.SwornVerified {
			keys = append(keys, pairKey(true, p))
		}
	}
	return keys
}

func pairKey(sworn bool, p Pair) string {
	k := strings.ToLower(p.Source) + ">" + strings.ToLower(p.Target)
	if sworn {
		k = "sworn:" + k
	}
	return k
}

// IndexKey is the IndexKeys key under which the translators competent for a job's key are
// stored: its pair, sworn or not ("sworn:translation:tr>en" is "sworn:tr>en").
func IndexKey(jobKey string) string {
	rest, sworn := strings.CutPrefix(jobKey, "sworn:")
	_, pair, _ := strings.Cut(rest, ":")
	if sworn {
		return "sworn:" + pair
	}
	return pair
}

// Covers reports whether t is competent for every key of a job.
func (t *Translator) Covers(jobKeys []string) bool {
	if t == nil || len(jobKeys) == 0 {
		return false
	}
	have := t.Keys()
	for _, k := range jobKeys {
		if !slices.Contains(have, k) {
			return false
		}
	}
	return true
}

// OnVacation reports whether now falls in one of t's vacations.
func (t *Translator) OnVacation(now time.Time) bool {
	for _, v := range t.Vacations {
		if !now.Before(v.Start) && now.Before(v.End) {
			return true
		}
	}
	return false
}

// Cap is how many jobs t may work on at once.
func (t *Translator) Cap() int {
	if t.ActiveJobCap > 0 {
		return t.ActiveJobCap
	}
	return DefaultCap
}

// Why a translator may not take a job.
var (
	// ErrNotEligible wraps every reason below: the transport answers them alike.
	ErrNotEligible = errors.New("the translator may not take this job")
	ErrUnknown     = reasonError("the translator has no profile the pool knows of")
	ErrSuspended   = reasonError("staff suspended the translator")
	ErrNoMatch     = reasonError("the job's service, language pair or sworn status is not the translator's")
	ErrOnVacation  = reasonError("the translator is on vacation")
	ErrAtCap       = reasonError("the translator works on as many jobs as their cap allows")
)

func reasonError(text string) error { return &reason{text} }

type reason struct{ text string }

func (r *reason) Error() string        { return r.text }
func (r *reason) Is(target error) bool { return target == ErrNotEligible }

// Available is nil when t may take new jobs at now, with active jobs on their desk.
func (t *Translator) Available(now time.Time, active int) error {
	switch {
	case t == nil:
		return ErrUnknown
	case t.Suspended:
		return ErrSuspended
	case t.OnVacation(now):
		return ErrOnVacation
	case active >= t.Cap():
		return ErrAtCap
	}
	return nil
}

// MayTake is nil when t may take the job with jobKeys at now, with active jobs on their desk.
func (t *Translator) MayTake(jobKeys []string, now time.Time, active int) error {
	if err := t.Available(now, active); err != nil {
		return err
	}
	if !t.Covers(jobKeys) {
		return ErrNoMatch
	}
	return nil
}
