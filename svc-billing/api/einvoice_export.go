package api

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/invoices"
)

// The accountant's export: GET admin/e-documents.zip?from=YYYY-MM-DD&to=YYYY-MM-DD, every e-Arşiv
// document the agency issued in those days (Istanbul, to inclusive): the invoices issued and the
// return documents of the refunds made, each as its UBL-TR XML, with an index of them as CSV.

// maxExportDays bounds one export: a quarter, what an accountant files at most at once.
const maxExportDays = 92

// Reasons of the export's query.
const (
	reasonDate   = "date"   // not a day written YYYY-MM-DD
	reasonPeriod = "period" // to before from, or longer than maxExportDays
)

// exportFieldTexts word the export's query.
var exportFieldTexts = map[string]map[string]i18n.Text{
	"from": {reasonDate: {TR: "Başlangıç günü YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The first day must be a real day written YYYY-MM-DD."}},
	"to": {
		reasonDate:   {TR: "Bitiş günü YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The last day must be a real day written YYYY-MM-DD."},
		reasonPeriod: {TR: "Dönem en çok 92 gün olabilir ve bitiş günü başlangıçtan önce olamaz.", EN: "The period may be at most 92 days, and its last day cannot come before its first."},
	},
}

type exportRequest struct{ from, to time.Time }

// eDocumentsZIP is the export's answer, written as it is read (encodeEDocuments).
type eDocumentsZIP struct {
	services Services
	from, to time.Time // [from, to)
}

func decodeExport(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	fields := errs.Fields{}
	day := func(name string) time.Time {
		d, err := time.ParseInLocation(time.DateOnly, q.Get(name), i18n.Istanbul)
		if err != nil {
			fields.Add(name, reasonDate)
		}
		return d
	}
	from, to := day("from"), day("to")
	if len(fields) == 0 && (to.Before(from) || to.Sub(from) >= maxExportDays*24*time.Hour) {
		fields.Add("to", reasonPeriod)
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	return exportRequest{from: from, to: to.AddDate(0, 0, 1)}, nil
}

func exportEndpoint(s Services) func(context.Context, any) (any, error) {
	return func(_ context.Context, request any) (any, error) {
		req := request.(exportRequest)
		return eDocumentsZIP{services: s, from: req.from, to: req.to}, nil
	}
}

// indexHeader names the index's columns.
var indexHeader = []string{"number", "type", "issued", "invoice", "customer", "taxId", "currency", "net", "vat", "total", "file"}

// encodeEDocuments streams the ZIP: each document as it is read, the index last. An error once
// the answer has begun cuts the connection (httpx.AbortAnswer), so the accountant's download is
// seen to fail rather than taken for a whole period.
func encodeEDocuments(ctx context.Context, w http.ResponseWriter, x eDocumentsZIP) error {
	name := fmt.Sprintf("e-arsiv-%s-%s.zip", x.from.Format(time.DateOnly), x.to.AddDate(0, 0, -1).Format(time.DateOnly))
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", "attachment; filename="+name)
	h.Set("Cache-Control", "private, no-store")
	zw := zip.NewWriter(w)
	var index bytes.Buffer
	index.WriteString(utf8BOM)
	rows := csv.NewWriter(&index)
	_ = rows.Write(indexHeader)
	err := x.services.Invoices.Documents(ctx, x.from, x.to, func(inv invoices.Invoice, ofReturn bool) error {
		doc, err := eDocument(ctx, x.services, inv, ofReturn)
		if err != nil {
			return err
		}
		folder, kind, number, at := "faturalar/", "SATIS", inv.Number, inv.IssuedAt
		switch {
		case ofReturn:
			folder, kind, number, at = "iadeler/", "IADE", inv.ReturnNumber, *inv.RefundedAt
		case !inv.InTurkey:
			kind = "ISTISNA"
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: folder + doc.name, Method: zip.Deflate, Modified: at})
		if err != nil {
			return err
		}
		if _, err := f.Write(doc.doc); err != nil {
			return err
		}
		customer, taxID := inv.Details.CompanyName, inv.Details.VKN
		if inv.Details.Type == "individual" {
			customer, taxID = inv.Details.FullName, inv.Details.TCKN
		}
		if taxID == "" {
			taxID = inv.Details.TaxID
		}
		row := []string{number, kind, at.In(i18n.Istanbul).Format(time.DateOnly), inv.Number, customer, taxID, inv.Currency,
			decimal(inv.Totals.Net, inv.Decimals), decimal(inv.Totals.VAT, inv.Decimals), decimal(inv.Totals.Total, inv.Decimals), folder + doc.name}
		for i := range row {
			row[i] = safeCell(row[i])
		}
		return rows.Write(row)
	})
	if err == nil {
		rows.Flush()
		var f interface{ Write([]byte) (int, error) }
		if f, err = zw.Create("index.csv"); err == nil {
			_, err = f.Write(index.Bytes())
		}
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		httpx.AbortAnswer(ctx)
	}
	return err
}
