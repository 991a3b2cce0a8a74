package api

import (
	"context"
	"net/http"

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
	return documents.ServeText(w, k.Text(p.seller), k.Lang, orders.ContractFileName(k))
}
