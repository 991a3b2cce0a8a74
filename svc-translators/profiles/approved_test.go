package profiles_test

import (
	"context"
	"slices"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-translators/profiles"
)

// An approved applicant's profile opens from translator.approved with a pair from each working
// language into the native one and the application's specialisations, once however often the
// event arrives; a profile the translator already edited is kept.
func TestApprovedApplicantGetsAProfile(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	ev, err := events.New(ctx, profiles.EventTranslatorApproved, map[string]any{
		"applicationId": "app-1", "translatorId": "tr-new", "email": "zeynep@example.com", "fullName": "Zeynep Kaya",
		"lang": "tr", "nativeLanguage": "tr", "workingLanguages": []string{"en", "de", "tr"}, "specializations": []string{"legal", "nonsense"},
	})
	if err != nil {
		t.Fatal(err)
	}
	handle := profiles.ApprovedHandler(e.svc)
	for range 3 {
		if err := handle(ctx, ev); err != nil {
			t.Fatal(err)
		}
	}
	p, err := e.svc.Profile(ctx, authn.Caller{ID: "tr-new", Name: "Zeynep Kaya"})
	if err != nil {
		t.Fatal(err)
	}
	want := []profiles.Pair{{Source: "en", Target: "tr"}, {Source: "de", Target: "tr"}}
	if !slices.Equal(p.Competencies.Pairs, want) || !slices.Equal(p.Competencies.Specializations, []string{"legal"}) ||
		p.Email != "zeynep@example.com" || p.FullName != "Zeynep Kaya" {
		t.Errorf("profile %+v", p)
	}
	if got := e.outbox(t, "tr-new"); len(got) != 1 || len(got[0].Pairs) != 2 {
		t.Errorf("profile_changed events %+v, want one with the two pairs", got)
	}
	other, _ := events.New(ctx, "translator.profile_changed", map[string]any{"translatorId": "tr-new"})
	if err := handle(ctx, other); err != nil {
		t.Errorf("another event type: %v", err)
	}
}
