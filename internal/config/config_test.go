package config

import (
	"strings"
	"testing"
	"time"
)

func TestEnvCollectsEveryProblem(t *testing.T) {
	e := FromMap(map[string]string{"PORT": "eighty", "TIMEOUT": "5s", "DEBUG": "maybe", "LIST": " a, ,b ", "BLANK": "  "})
	if got := e.Int("PORT", 80); got != 80 {
		t.Errorf("Int fallback = %d", got)
	}
	if got := e.Duration("TIMEOUT", time.Second); got != 5*time.Second {
		t.Errorf("Duration = %v", got)
	}
	e.Bool("DEBUG", false)
	e.Required("MONGO_URI")
	e.Required("BLANK")
	e.Invalid(`TLS_MODE="often" is not one of none, starttls, implicit`)
	if got := e.List("LIST", nil); strings.Join(got, "|") != "a|b" {
		t.Errorf("List = %q", got)
	}
	err := e.Err()
	if err == nil {
		t.Fatal("expected an error")
	}
	for _, want := range []string{"MONGO_URI, BLANK", `PORT="eighty"`, `DEBUG="maybe"`, `invalid environment variable TLS_MODE="often"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

func TestEnvDefaultsWithoutProblems(t *testing.T) {
	e := FromMap(nil)
	s := LoadService(e, "svc-geo", ":8086")
	if err := e.Err(); err != nil {
		t.Fatal(err)
	}
	if s.MongoDatabase != "svc-geo" || s.HTTPAddr != ":8086" || s.CheckInterval != 2*time.Second {
		t.Errorf("unexpected defaults: %+v", s)
	}
}
