package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	p "linguaport/svc-translators/profiles"
)

// maxProfileBody bounds a profile request: thirty pairs and a thousand characters of
// certificates fit many times over.
const maxProfileBody = 64 << 10

const profileBase = "/api/v1/translators/"

// profileRoutes serve the translator's profile (API.md "The translator's profile").
func profileRoutes(s Services) []route {
	svc := s.Profiles
	if svc == nil {
		return nil
	}
	private := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodePrivate, serverOptions...)
	}
	created := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeProfileCreated, serverOptions...)
	}
	return []route{
		{"GET " + profileBase + "profile", private(ownEndpoint(func(ctx context.Context, c p.Caller, _ any) (any, error) {
			return svc.Profile(ctx, c)
		}), decodeNoBody)},
		{"PUT " + profileBase + "profile/competencies", private(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			return svc.SaveCompetencies(ctx, c, req.(p.CompetenciesInput))
		}), decodeBody[p.CompetenciesInput])},
		{"GET " + profileBase + "bank-accounts", private(ownEndpoint(func(ctx context.Context, c p.Caller, _ any) (any, error) {
			list, err := svc.Accounts(ctx, c)
			return accountList{Accounts: list}, err
		}), decodeNoBody)},
		{"POST " + profileBase + "bank-accounts", created(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			return svc.AddAccount(ctx, c, req.(p.AccountInput))
		}), decodeBody[p.AccountInput])},
		{"POST " + profileBase + "bank-accounts/{id}/default", private(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			list, err := svc.SetDefaultAccount(ctx, c, req.(string))
			return accountList{Accounts: list}, err
		}), decodePathID)},
		{"DELETE " + profileBase + "bank-accounts/{id}", kithttp.NewServer(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			return nil, svc.DeleteAccount(ctx, c, req.(string))
		}), decodePathID, encodeProfileNoContent, serverOptions...)},
		{"GET " + profileBase + "vacations", private(ownEndpoint(func(ctx context.Context, c p.Caller, _ any) (any, error) {
			list, err := svc.Vacations(ctx, c)
			if err != nil {
				return nil, err
			}
			answer := vacationList{Vacations: list}
			for _, v := range list {
				answer.OnVacation = answer.OnVacation || v.Status == p.Running
			}
			return answer, nil
		}), decodeNoBody)},
		{"POST " + profileBase + "vacations", created(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			return svc.AddVacation(ctx, c, req.(p.VacationInput))
		}), decodeBody[p.VacationInput])},
		{"POST " + profileBase + "vacations/{id}/end", private(ownEndpoint(func(ctx context.Context, c p.Caller, req any) (any, error) {
			return svc.EndVacation(ctx, c, req.(string))
		}), decodePathID)},
		{"GET " + profileBase + "admin/translators", private(staffEndpoint(func(ctx context.Context, _ string, req any) (any, error) {
			return svc.Translators(ctx, req.(p.ListFilter))
		}), decodeTranslatorFilter)},
		{"GET " + profileBase + "admin/translators/{id}", private(staffEndpoint(func(ctx context.Context, _ string, req any) (any, error) {
			return svc.Translator(ctx, req.(string))
		}), decodePathID)},
		{"PUT " + profileBase + "admin/translators/{id}/cap", private(audited(s, "translator.cap", kindTranslator, loadTranslator(svc),
			staffEndpoint(func(ctx context.Context, staff string, req any) (any, error) {
				r := req.(capRequest)
				if r.ActiveJobCap == nil {
					return nil, errActiveJobCapRequired
				}
				return svc.SetCap(ctx, staff, r.id, *r.ActiveJobCap)
			})), decodeCap)},
		{"POST " + profileBase + "admin/translators/{id}/sworn/verify", private(audited(s, "translator.sworn_verify", kindTranslator, loadTranslator(svc),
			staffEndpoint(func(ctx context.Context, staff string, req any) (any, error) {
				return svc.VerifySworn(ctx, staff, req.(string))
			})), decodePathID)},
		{"POST " + profileBase + "admin/translators/{id}/suspend", private(audited(s, "translator.suspend", kindTranslator, loadTranslator(svc),
			staffEndpoint(func(ctx context.Context, staff string, req any) (any, error) {
				r := req.(suspendRequest)
				return svc.Suspend(ctx, staff, r.id, r.Reason)
			})), decodeSuspend)},
		{"POST " + profileBase + "admin/translators/{id}/unsuspend", private(audited(s, "translator.unsuspend", kindTranslator, loadTranslator(svc),
			staffEndpoint(func(ctx context.Context, staff string, req any) (any, error) {
				return svc.Unsuspend(ctx, staff, req.(string))
			})), decodePathID)},
	}
}

type suspendRequest struct {
	id     string
	Reason string `json:"reason"`
}

func decodeSuspend(_ context.Context, r *http.Request) (any, error) {
	var b suspendRequest
	if err := httpx.DecodeJSON(r, maxProfileBody, &b); err != nil {
		return nil, err
	}
	b.id = r.PathValue("id")
	return b, nil
}

type accountList struct {
	Accounts []p.BankAccount `json:"accounts"`
}

// vacationList is the translator's periods off; which jobs are still due the page reads from
// svc-orders (this service knows no jobs).
type vacationList struct {
	Vacations  []p.Vacation `json:"vacations"`
	OnVacation bool         `json:"onVacation"`
}

type capRequest struct {
	id           string
	ActiveJobCap *int `json:"activeJobCap"`
}

// ownEndpoint serves the calling translator's own profile. The route's access rule has let only
// translators through already; checking again keeps an endpoint wired without it from serving
// anyone.
func ownEndpoint(f func(ctx context.Context, c p.Caller, request any) (any, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		if err := authn.Authorize(ctx, authn.RoleTranslator); err != nil {
			return nil, err
		}
		claims, _ := authn.FromContext(ctx)
		return f(ctx, p.Caller{ID: claims.Subject, Name: claims.Name}, request)
	}
}

// staffEndpoint serves staff, naming the staff member for the record of their changes.
func staffEndpoint(f func(ctx context.Context, staffID string, request any) (any, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		if err := authn.Authorize(ctx, authn.RoleAdmin); err != nil {
			return nil, err
		}
		claims, _ := authn.FromContext(ctx)
		return f(ctx, claims.Subject, request)
	}
}

func decodeNoBody(context.Context, *http.Request) (any, error) { return nil, nil }

func decodePathID(_ context.Context, r *http.Request) (any, error) { return r.PathValue("id"), nil }

func decodeBody[T any](_ context.Context, r *http.Request) (any, error) {
	var v T
	if err := httpx.DecodeJSON(r, maxProfileBody, &v); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeCap(_ context.Context, r *http.Request) (any, error) {
	var c capRequest
	if err := httpx.DecodeJSON(r, maxProfileBody, &c); err != nil {
		return nil, err
	}
	c.id = r.PathValue("id")
	return c, nil
}

func encodeProfileCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func encodeProfileNoContent(_ context.Context, w http.ResponseWriter, _ any) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// errActiveJobCapRequired: a cap request without the number.
var errActiveJobCapRequired = errs.Fields{"activeJobCap": p.ReasonRequired}

// The profiles' own refusals. Another translator's account or vacation is answered as one that
// does not exist, so nobody learns which ids exist.
var (
	errTranslatorNotFound = httpx.NewProblem(http.StatusNotFound, "translator_not_found",
		i18n.Text{TR: "Çevirmen bulunamadı.", EN: "Translator not found."})
	errAccountNotFound = httpx.NewProblem(http.StatusNotFound, "bank_account_not_found",
		i18n.Text{TR: "Banka hesabı bulunamadı.", EN: "Bank account not found."})
	errAccountExists = httpx.NewProblem(http.StatusConflict, "account_exists",
		i18n.Text{TR: "Bu IBAN ile bir hesabınız zaten kayıtlı.", EN: "You have already added an account with this IBAN."})
	errTooManyAccounts = httpx.NewProblem(http.StatusConflict, "too_many_accounts",
		i18n.Text{TR: "En çok 5 banka hesabı ekleyebilirsiniz; yenisini eklemek için birini silin.", EN: "You can add at most 5 bank accounts; delete one to add another."})
	errVacationNotFound = httpx.NewProblem(http.StatusNotFound, "vacation_not_found",
		i18n.Text{TR: "İzin dönemi bulunamadı.", EN: "Vacation not found."})
	errVacationOver = httpx.NewProblem(http.StatusConflict, "vacation_over",
		i18n.Text{TR: "Bu izin dönemi zaten sona erdi.", EN: "This vacation is already over."})
	errNoSworn = httpx.NewProblem(http.StatusConflict, "no_sworn",
		i18n.Text{TR: "Çevirmen yeminli tercüman bilgisi girmemiş; doğrulanacak bir şey yok.", EN: "The translator has given no sworn translator details to verify."})
)

// explainProfiles maps the profiles' errors to their Problems.
func explainProfiles(err error) *httpx.Problem {
	for e, problem := range map[error]*httpx.Problem{
		p.ErrNotFound: errTranslatorNotFound, p.ErrAccountNotFound: errAccountNotFound,
		p.ErrAccountExists: errAccountExists, p.ErrTooManyAccounts: errTooManyAccounts,
		p.ErrVacationNotFound: errVacationNotFound, p.ErrVacationOver: errVacationOver, p.ErrNoSworn: errNoSworn,
	} {
		if errors.Is(err, e) {
			return problem
		}
	}
	return nil
}

// suspendFieldTexts word a suspension's refusals (tested in profiles_suspend_test.go).
var suspendFieldTexts = map[string]map[string]i18n.Text{
	"reason": {
		p.ReasonSuspendRequired: {TR: "Askıya alma nedenini yazın.", EN: "Write why the translator is suspended."},
		p.ReasonSuspendLength:   {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
}

// profileFieldTexts word the profile's refusals; every reason the profiles package gives a field
// has words here (tested).
var profileFieldTexts = map[string]map[string]i18n.Text{
	"pairs": {
		p.ReasonRequired:  {TR: "En az bir dil çifti ekleyin.", EN: "Add at least one language pair."},
		p.ReasonTooMany:   {TR: "En çok 30 dil çifti ekleyebilirsiniz.", EN: "You can add at most 30 language pairs."},
		p.ReasonLanguage:  {TR: "Dil çiftlerinde yalnızca listedeki diller kullanılabilir.", EN: "Language pairs can use only the languages of the list."},
		p.ReasonSame:      {TR: "Bir dil çiftinin kaynak ve hedef dili farklı olmalı.", EN: "A language pair's source and target must differ."},
		p.ReasonDuplicate: {TR: "Aynı dil çifti iki kez eklenmiş.", EN: "The same language pair is listed twice."},
	},
	"services": {
		p.ReasonRequired:  {TR: "En az bir hizmet seçin.", EN: "Choose at least one service."},
		p.ReasonUnknown:   {TR: "Hizmetler, ajansın sekiz hizmetinden seçilmeli.", EN: "Services must be chosen from the agency's eight services."},
		p.ReasonDuplicate: {TR: "Aynı hizmet iki kez seçilmiş.", EN: "The same service is chosen twice."},
	},
	"specializations": {
		p.ReasonUnknown:   {TR: "Uzmanlık alanları listedekilerden seçilmeli.", EN: "Specialisations must be chosen from the list."},
		p.ReasonDuplicate: {TR: "Aynı uzmanlık alanı iki kez seçilmiş.", EN: "The same specialisation is chosen twice."},
	},
	"sworn.court": {
		p.ReasonRequired: {TR: "Yeminli tercümanlık kaydınızın bulunduğu noterliği veya mahkemeyi girin.", EN: "Enter the notary or court where you are registered as a sworn translator."},
		p.ReasonLength:   {TR: "Noterlik veya mahkeme adı 2 ile 200 karakter arasında olmalı.", EN: "The notary or court must be 2 to 200 characters."},
		p.ReasonFormat:   {TR: "Noterlik veya mahkeme adında kullanılamayan karakterler var.", EN: "The notary or court contains characters that cannot be used."},
	},
	"sworn.certificateDate": {
		p.ReasonRequired: {TR: "Yemin belgenizin tarihini girin.", EN: "Enter the date of your sworn translator certificate."},
		p.ReasonDate:     {TR: "Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The date must be a real day written YYYY-MM-DD."},
		p.ReasonFuture:   {TR: "Belge tarihi bugünden sonra olamaz.", EN: "The certificate date cannot be after today."},
	},
	"certificates": {
		p.ReasonLength: {TR: "Sertifikalar en çok 1000 karakter olmalı.", EN: "Certificates must be at most 1000 characters."},
		p.ReasonFormat: {TR: "Sertifikalar alanında kullanılamayan karakterler var.", EN: "Certificates contain characters that cannot be used."},
	},
	"activeJobCap": {
		p.ReasonRequired: {TR: "Aynı anda alınabilecek iş sayısını girin.", EN: "Enter how many jobs the translator may hold at once."},
		p.ReasonRange:    {TR: "Aynı anda alınabilecek iş sayısı 1 ile 20 arasında olmalı.", EN: "The number of jobs at once must be 1 to 20."},
	},
	"start": {
		p.ReasonRequired: {TR: "İznin başlangıç gününü girin.", EN: "Enter the first day of the vacation."},
		p.ReasonDate:     {TR: "Başlangıç YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The start must be a real day written YYYY-MM-DD."},
		p.ReasonOverlap:  {TR: "Bu dönem başka bir izninizle çakışıyor.", EN: "This period overlaps another vacation of yours."},
		p.ReasonTooMany:  {TR: "En çok 20 planlanmış izin döneminiz olabilir.", EN: "You can have at most 20 planned vacations."},
	},
	"end": {
		p.ReasonRequired: {TR: "İznin son gününü girin.", EN: "Enter the last day of the vacation."},
		p.ReasonDate:     {TR: "Bitiş YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The end must be a real day written YYYY-MM-DD."},
		p.ReasonBefore:   {TR: "Bitiş günü başlangıçtan önce olamaz.", EN: "The end cannot be before the start."},
		p.ReasonOver:     {TR: "Bu dönem zaten geçmiş; bugün veya sonrasında biten bir dönem girin.", EN: "This period is already over; enter one that ends today or later."},
		p.ReasonTooLong:  {TR: "Bir izin dönemi en çok 90 gün olabilir.", EN: "A vacation can be at most 90 days."},
	},
	"note": {
		p.ReasonLength: {TR: "Not en çok 500 karakter olmalı.", EN: "The note must be at most 500 characters."},
		p.ReasonFormat: {TR: "Notta kullanılamayan karakterler var.", EN: "The note contains characters that cannot be used."},
	},
	"iban": {
		p.ReasonRequired: {TR: "IBAN'ı girin.", EN: "Enter the IBAN."},
		p.ReasonFormat:   {TR: "IBAN yalnızca harf ve rakamlardan oluşur ve iki harfli ülke koduyla başlar.", EN: "An IBAN is letters and digits only and starts with a two-letter country code."},
		p.ReasonCountry:  {TR: "IBAN'ın ülke kodu IBAN kullanan bir ülkenin kodu değil.", EN: "The IBAN's country code is not one of a country that uses IBANs."},
		p.ReasonLength:   {TR: "IBAN'ın uzunluğu ülkesine göre yanlış (Türkiye'de 26 karakter).", EN: "The IBAN's length is wrong for its country (26 characters in Turkey)."},
		p.ReasonChecksum: {TR: "Bu IBAN geçerli değil; kontrol basamakları tutmuyor. Rakamları kontrol edin.", EN: "This IBAN is not valid: its check digits do not add up. Check the digits."},
	},
	"holder": {
		p.ReasonRequired: {TR: "Hesap sahibinin adını girin.", EN: "Enter the account holder's name."},
		p.ReasonLength:   {TR: "Hesap sahibi 2 ile 140 karakter arasında olmalı.", EN: "The account holder must be 2 to 140 characters."},
		p.ReasonFormat:   {TR: "Hesap sahibinin adında kullanılamayan karakterler var.", EN: "The account holder contains characters that cannot be used."},
	},
}
