package pricing

import (
	"context"
	"linguaport/internal/authn"
	"testing"
	"time"

	"linguaport/internal/i18n"
	"linguaport/svc-orders/files"
)

type listStore struct{ pl PriceList }

func (s listStore) PriceList(context.Context) (PriceList, error)      { return s.pl, nil }
func (s listStore) ReplacePriceList(context.Context, PriceList) error { return nil }

type sameConverter struct{}

func (sameConverter) FromUSD(_ context.Context, cents int64, currency string, _ i18n.Lang) (Money, int64, error) {
	return Money{Amount: cents, Currency: currency, Decimals: 2}, 1_000_000, nil
}

type noFiles struct{}

func (noFiles) Usable(context.Context, authn.Caller, []string, string) ([]files.File, error) {
	return nil, nil
}

// The estimate dates the work from the moment it is asked for: the window's last business day in
// Istanbul, for the urgency asked and for each one the list offers.
func TestEstimateExpectedDates(t *testing.T) {
	for name, c := range map[string]struct {
		at             time.Time
		urgency        Urgency
		want           string
		normal, urgent string
	}{
		// Saturday 28 November 2026: Monday to Friday of the next week (5 days), to Tuesday (2).
		"on a Saturday": {time.Date(2026, 11, 28, 11, 0, 0, 0, time.UTC), Normal, "2026-12-04", "2026-12-04", "2026-12-01"},
		"urgent":        {time.Date(2026, 11, 28, 11, 0, 0, 0, time.UTC), Urgent, "2026-12-01", "2026-12-04", "2026-12-01"},
		// Friday 22 May 2026, 21:30 UTC is already Saturday in Istanbul; Kurban Bayramı (eve on
		// Tuesday 26 May, the bayram Wednesday to Saturday) leaves Monday 25 May, then 1 June on.
		"before Kurban Bayramı": {time.Date(2026, 5, 22, 21, 30, 0, 0, time.UTC), Normal, "2026-06-04", "2026-06-04", "2026-06-01"},
	} {
		svc := NewService(listStore{SeedPriceList()}, noFiles{}, sameConverter{}, func() time.Time { return c.at })
		ans, err := svc.Estimate(context.Background(), authn.Caller{}, EstimateInput{EstimateRequest: EstimateRequest{Service: "professional-translation",
			SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 100, Urgency: c.urgency}, Currency: "USD", Lang: i18n.EN})
		if err != nil {
			t.Fatal(err)
		}
		if ans.ExpectedDate.String() != c.want || ans.ExpectedDates[Normal].String() != c.normal || ans.ExpectedDates[Urgent].String() != c.urgent ||
			len(ans.ExpectedDates) != 2 {
			t.Errorf("%s: expected %s, per urgency %v; want %s, normal %s, urgent %s", name, ans.ExpectedDate, ans.ExpectedDates, c.want, c.normal, c.urgent)
		}
	}
}
