package api

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"time"

	"linguaport/svc-billing/earnings"
)

// payoutsCSV is GET admin/payouts.csv's answer: the payouts in status as a file for the bank.
type payoutsCSV struct {
	payouts []earnings.Payout
	status  string
	at      time.Time
}

// csvHeader names the bank file's columns.
var csvHeader = []string{"translator", "iban", "holder", "amount", "currency", "reference", "requestedAt"}

// utf8BOM makes Excel read the file as UTF-8 (Turkish names), which it does not assume.
const utf8BOM = "\ufeff"

// encodeCSV writes the payouts, one a row: the translator's name (the holder's for payouts
// requested before names were kept), IBAN, holder, the amount as a decimal in the currency's
// digits, the currency, the payout id as the transfer's reference, when it was requested.
func encodeCSV(w http.ResponseWriter, f payoutsCSV) error {
	var buf bytes.Buffer
	buf.WriteString(utf8BOM)
	out := csv.NewWriter(&buf)
	rows := [][]string{csvHeader}
	for _, p := range f.payouts {
		name := p.TranslatorName
		if name == "" {
			name = p.Holder
		}
		rows = append(rows, []string{name, p.IBAN, p.Holder, decimal(p.Amount.Amount, p.Amount.Decimals),
			p.Amount.Currency, p.ID, p.RequestedAt.UTC().Format(time.RFC3339)})
	}
	for _, row := range rows {
		for i := range row {
			row[i] = safeCell(row[i])
		}
		if err := out.Write(row); err != nil {
			return err
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="payouts-%s-%s.csv"`, f.status, f.at.UTC().Format("2006-01-02")))
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(buf.Bytes())
	return err
}

// safeCell keeps a spreadsheet from reading a cell as a formula (CSV injection): a cell starting
// with = + - @ (or a tab or carriage return, which some spreadsheets skip before one) gets a
// leading apostrophe, which they show as text.
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// decimal writes n minor units with decimals digits after the point: 123450, 2 → "1234.50".
func decimal(n int64, decimals int) string {
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	if decimals <= 0 {
		return fmt.Sprintf("%s%d", sign, n)
	}
	p := int64(1)
	for range decimals {
		p *= 10
	}
	return fmt.Sprintf("%s%d.%0*d", sign, n/p, decimals, n%p)
}
