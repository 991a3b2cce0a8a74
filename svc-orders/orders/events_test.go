package orders

import (
	"context"
	"testing"
	"time"

	"linguaport/svc-orders/pricing"
)

// The completed move tells svc-billing what the translator earns (the pay fixed at payment, in
// TRY as converted then); no other move carries pay, so nothing else can be taken for earnings.
func TestStatusChangedCarriesPayOnlyWhenCompleted(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		status OrderStatus
		pay    *pricing.Pay
		want   *CompletedPay
	}{
		{Completed, &pricing.Pay{USD: 2040, TRY: 70176, RateMicros: 34400000},
			&CompletedPay{AmountUSD: 2040, Amount: pricing.Money{Amount: 70176, Currency: "TRY", Decimals: 2}}},
		{Delivered, &pricing.Pay{USD: 2040, TRY: 70176}, nil},
		{Assigned, &pricing.Pay{USD: 2040, TRY: 70176}, nil},
		{Completed, nil, nil}, // an order from before pay was kept: nothing to credit
	} {
		o := &Order{ID: "ord-1", Number: "O-2026-00001", CustomerID: "c1", TranslatorID: "tr-1", Status: tc.status,
			History: []HistoryEntry{{Status: tc.status, At: at}}}
		o.Pay = tc.pay
		if err := o.statusChanged(context.Background()); err != nil {
			t.Fatal(err)
		}
		var got OrderStatusChangedData
		if err := o.Pending[len(o.Pending)-1].Decode(&got); err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.want == nil && got.Pay != nil:
			t.Errorf("%s with pay %v: event carries %+v", tc.status, tc.pay, got.Pay)
		case tc.want != nil && (got.Pay == nil || *got.Pay != *tc.want):
			t.Errorf("%s: pay %+v, want %+v", tc.status, got.Pay, tc.want)
		}
		if got.OrderID != "ord-1" || got.TranslatorID != "tr-1" || got.Status != tc.status || !got.At.Equal(at) {
			t.Errorf("payload %+v", got)
		}
	}
}
