package api

import (
	"context"
	"net/http"
	"strings"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/orders"
)

// A quote's contract (DESIGN §14): the texts a customer accepts by approving it, shown before
// the approval, named by it and kept with the order, as data and as a PDF.

type (
	approveRequest struct {
		ID string
		In orders.ApprovalInput
	}
	contractRequest struct {
		ID   string
		Lang i18n.Lang
	}
	// keptContractRequest asks for an order's kept contract, as its PDF when PDF.
	keptContractRequest struct {
		ID  string
		PDF bool
	}
	// keptContractPDF is an order's kept contract, answered as its PDF.
	keptContractPDF struct {
		kept   orders.KeptContract
		seller documents.Seller
	}
)

func contractEndpoints(s Services, e *Endpoints) {
	e.ApproveQuote = func(ctx context.Context, request any) (any, error) {
		r := request.(approveRequest)
		return s.Orders.ApproveQuote(ctx, authn.CallerFrom(ctx), r.ID, r.In)
	}
	e.QuoteContract = func(ctx context.Context, request any) (any, error) {
		r := request.(contractRequest)
		return s.Orders.Contract(ctx, authn.CallerFrom(ctx), r.ID, r.Lang)
	}
	e.OrderContract = func(ctx context.Context, request any) (any, error) {
		r := request.(keptContractRequest)
		kept, err := s.Orders.OrderContract(ctx, authn.CallerFrom(ctx), r.ID)
		if err != nil || !r.PDF {
			return kept, err
		}
		return keptContractPDF{kept: kept, seller: documents.SellerOf(s.Company, "TRY")}, nil
	}
}

// decodeApprove reads POST quotes/{id}/approve: the price version the customer saw and their
// acceptance of the contract ({"version": 2, "contract": {"digest": "…", "consents": {"accept":
// true, "startNow": true}}}), with the address they approved from, which the kept contract
// names (trusted decides whose X-Forwarded-For is believed).
func decodeApprove(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		var b struct {
			Version  int                  `json:"version"`
			Contract contracts.Acceptance `json:"contract"`
		}
		if err := decodeOptionalJSON(r, &b); err != nil {
			return nil, err
		}
		in := orders.ApprovalInput{Version: b.Version, Contract: b.Contract}
		if ip, ok := trusted.ClientIP(r); ok {
			in.IP = ip.String()
		}
		return approveRequest{ID: r.PathValue("id"), In: in}, nil
	}
}

// decodeContract reads GET quotes/{id}/contract: the texts in ?lang=, else the request's
// language.
func decodeContract(ctx context.Context, r *http.Request) (any, error) {
	lang, err := documents.LanguageOf(r, httpx.LangFrom(ctx))
	if err != nil {
		return nil, err
	}
	return contractRequest{ID: r.PathValue("id"), Lang: lang}, nil
}

func decodeKeptContract(_ context.Context, r *http.Request) (any, error) {
	return keptContractRequest{ID: r.PathValue("id")}, nil
}

func decodeKeptContractPDF(_ context.Context, r *http.Request) (any, error) {
	return keptContractRequest{ID: r.PathValue("id"), PDF: true}, nil
}

// encodeOrderContract answers a kept contract as JSON, or as the PDF it was asked for.
func encodeOrderContract(ctx context.Context, w http.ResponseWriter, response any) error {
	p, ok := response.(keptContractPDF)
	if !ok {
		return encodePrivate(ctx, w, response)
	}
	k := p.kept
	return documents.ServeText(w, contractText(k, p.seller), k.Lang, k.OrderNumber+"-"+contractFileWord.In(k.Lang)+"-"+string(k.Lang))
}

var contractFileWord = i18n.Text{TR: "sozlesme", EN: "contract"}

// contractLabels word the kept contract's record, in the language it was accepted in.
var contractLabels = struct {
	title, order, quote, total, kind, version, lang, acceptedAt, ip, digest, consents i18n.Text
	consumer, commercial                                                              i18n.Text
}{
	title:      i18n.Text{TR: "SÖZLEŞME", EN: "CONTRACT"},
	order:      i18n.Text{TR: "Sipariş no", EN: "Order no"},
	quote:      i18n.Text{TR: "Teklif no", EN: "Quote no"},
	total:      i18n.Text{TR: "Toplam (KDV dahil)", EN: "Total (including VAT)"},
	kind:       i18n.Text{TR: "Metin", EN: "Texts"},
	version:    i18n.Text{TR: "Metin sürümü", EN: "Text version"},
	lang:       i18n.Text{TR: "Dil", EN: "Language"},
	acceptedAt: i18n.Text{TR: "Kabul zamanı", EN: "Accepted at"},
	ip:         i18n.Text{TR: "IP adresi", EN: "IP address"},
	digest:     i18n.Text{TR: "Metnin SHA-256 özeti", EN: "SHA-256 of the text"},
	consents:   i18n.Text{TR: "İşaretlenen onaylar", EN: "Boxes ticked"},
	consumer:   i18n.Text{TR: "Ön bilgilendirme formu ve mesafeli hizmet sözleşmesi", EN: "Pre-contract information and distance sales contract"},
	commercial: i18n.Text{TR: "Ticari hizmet koşulları", EN: "Commercial terms of service"},
}

var languageNames = map[i18n.Lang]string{i18n.TR: "Türkçe", i18n.EN: "English"}

// contractText is the kept contract as its PDF prints it: the record of its acceptance, then the
// texts word for word.
func contractText(k orders.KeptContract, seller documents.Seller) documents.Text {
	l := k.Lang
	kind := contractLabels.consumer
	if k.Kind == contracts.Commercial {
		kind = contractLabels.commercial
	}
	var ticked []string
	for _, c := range k.Consents {
		ticked = append(ticked, "☑ "+c.Text)
	}
	record := [][2]string{
		{contractLabels.order.In(l), k.OrderNumber},
		{contractLabels.quote.In(l), k.QuoteNumber},
		{contractLabels.total.In(l), k.Total},
		{contractLabels.kind.In(l), kind.In(l)},
		{contractLabels.version.In(l), k.Version},
		{contractLabels.lang.In(l), languageNames[l]},
		{contractLabels.acceptedAt.In(l), i18n.DateTime(k.AcceptedAt, l) + " · " + k.AcceptedAt.UTC().Format("2006-01-02T15:04:05Z")},
	}
	if k.IP != "" {
		record = append(record, [2]string{contractLabels.ip.In(l), k.IP})
	}
	record = append(record,
		[2]string{contractLabels.consents.In(l), strings.Join(ticked, "\n")},
		[2]string{contractLabels.digest.In(l), grouped(k.Digest, 8)})
	t := documents.Text{Seller: seller, Title: contractLabels.title.In(l), Number: k.OrderNumber, At: k.AcceptedAt, Record: record}
	for _, d := range k.Documents {
		part := documents.TextPart{Title: d.Title}
		for _, s := range d.Sections {
			sec := documents.TextSection{Heading: s.Heading}
			for _, b := range s.Blocks {
				sec.Blocks = append(sec.Blocks, documents.TextBlock{Text: b.Text, Items: b.Items})
			}
			part.Sections = append(part.Sections, sec)
		}
		t.Parts = append(t.Parts, part)
	}
	return t
}

// grouped writes s in groups of n characters, so a long digest reads and wraps.
func grouped(s string, n int) string {
	var parts []string
	for len(s) > n {
		parts = append(parts, s[:n])
		s = s[n:]
	}
	return strings.Join(append(parts, s), " ")
}
