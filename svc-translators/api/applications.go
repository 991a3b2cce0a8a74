package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-translators/applications"
)

const applicationsBase = "/api/v1/translators/"

// applicationRoutes serve the applications (API.md "Applications").
func applicationRoutes(s Services) []route {
	svc := s.Applications
	private := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodePrivate, serverOptions...)
	}
	byID := func(f func(applications.Service, context.Context, string) (applications.Application, error)) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) { return f(svc, ctx, req.(string)) }
	}
	admin := applicationsBase + "admin/applications"
	routes := []route{
		{"POST " + applicationsBase + "applications", submitHandler(svc, s.Trusted)},
		{"GET " + admin, private(func(ctx context.Context, req any) (any, error) {
			return svc.List(ctx, req.(applications.Filter))
		}, decodeApplicationFilter)},
		{"GET " + admin + "/{id}", private(byID(applications.Service.Application), decodeApplicationID)},
		{"GET " + admin + "/{id}/cv", applicationFileHandler(svc, applications.CV)},
		{"GET " + admin + "/{id}/portfolio", applicationFileHandler(svc, applications.Portfolio)},
		{"POST " + admin + "/{id}/approve", private(audited(s, "application.approve", kindApplication, loadApplication(svc),
			byID(applications.Service.Approve)), decodeApplicationID)},
		{"POST " + admin + "/{id}/reject", private(audited(s, "application.reject", kindApplication, loadApplication(svc),
			func(ctx context.Context, req any) (any, error) {
				r := req.(rejectRequest)
				return svc.Reject(ctx, r.ID, r.Reason)
			}), decodeReject)},
	}
	if svc == nil {
		// A handler made without the applications (another area's tests) still serves their
		// declared routes, each answering 404.
		for i := range routes {
			routes[i].handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				httpx.EncodeError(r.Context(), httpx.ErrNotFound, w)
			})
		}
	}
	return routes
}

func decodeApplicationID(_ context.Context, r *http.Request) (any, error) {
	return r.PathValue("id"), nil
}

type rejectRequest struct {
	ID     string
	Reason string `json:"reason"`
}

func decodeReject(_ context.Context, r *http.Request) (any, error) {
	var req rejectRequest
	if err := httpx.DecodeJSON(r, 16<<10, &req); err != nil {
		return nil, err
	}
	req.ID = r.PathValue("id")
	return req, nil
}

// submitHandler reads the multipart form as it arrives: the text fields into memory (each
// bounded), each file into a temporary file of at most one byte more than the limit, so an
// upload never sits in memory and a larger one stops being read at the limit. The service
// sniffs the spooled files and streams them into GridFS; the spool is removed afterwards.
func submitHandler(svc applications.Service, trusted httpx.TrustedProxies) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		sub, cleanup, err := decodeSubmission(w, r)
		defer cleanup()
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		if ip, ok := trusted.ClientIP(r); ok {
			sub.From = ip.String()
		}
		sub.Lang = httpx.LangFrom(ctx)
		a, err := svc.Submit(ctx, sub)
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		_ = httpx.WriteJSON(w, http.StatusCreated, a)
	})
}

const (
	// formOverhead is room for the boundaries, part headers and text fields around two files.
	formOverhead = 1 << 20
	// maxFormField bounds one text field; the longest (certificates) is 1000 characters.
	maxFormField = 16 << 10
)

// errNotMultipart answers an application sent as anything but a multipart form.
var errNotMultipart = httpx.NewProblem(http.StatusUnsupportedMediaType, "unsupported_media_type", i18n.Text{
	TR: "Başvuru multipart/form-data olarak gönderilmeli.",
	EN: "The application must be sent as multipart/form-data.",
})

func decodeSubmission(w http.ResponseWriter, r *http.Request) (applications.Submission, func(), error) {
	var spooled []*os.File
	cleanup := func() {
		for _, f := range spooled {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}
	var sub applications.Submission
	if !httpx.IsMultipart(r.Header.Get("Content-Type")) {
		return sub, cleanup, errNotMultipart
	}
	r.Body = http.MaxBytesReader(w, r.Body, 2*applications.MaxFileBytes+formOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		return sub, cleanup, errNotMultipart
	}
	text := map[string]*string{
		"firstName": &sub.Form.FirstName, "lastName": &sub.Form.LastName, "email": &sub.Form.Email,
		"phone": &sub.Form.Phone, "nativeLanguage": &sub.Form.NativeLanguage,
		"workingLanguages": &sub.Form.WorkingLanguages, "specializations": &sub.Form.Specializations,
		"experienceYears": &sub.Form.ExperienceYears, "education": &sub.Form.Education,
		"certificates": &sub.Form.Certificates, "portfolioUrl": &sub.Form.PortfolioURL,
		"acceptTerms": &sub.Form.AcceptTerms, "lang": &sub.Form.Lang,
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sub, cleanup, formReadError(err)
		}
		name := part.FormName()
		switch {
		case name == "cv" || name == "portfolio":
			if part.FileName() == "" {
				continue // an empty file input: no file chosen
			}
			tmp, err := os.CreateTemp("", "linguaport-application-*")
			if err != nil {
				return sub, cleanup, fmt.Errorf("application spool: %w", err)
			}
			spooled = append(spooled, tmp)
			n, err := io.Copy(tmp, io.LimitReader(part, applications.MaxFileBytes+1))
			if err != nil {
				return sub, cleanup, formReadError(err)
			}
			if n > applications.MaxFileBytes {
				return sub, cleanup, applications.ErrFileTooLarge
			}
			u := &applications.Upload{Name: part.FileName(), Content: tmp, Size: n}
			if name == "cv" {
				sub.CV = u
			} else {
				sub.Portfolio = u
			}
		case text[name] != nil:
			// A longer value is cut one byte past the bound, which its own rule then refuses.
			b, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
			if err != nil {
				return sub, cleanup, formReadError(err)
			}
			*text[name] = string(b)
		}
	}
	return sub, cleanup, nil
}

// formReadError: a body over the form's bound is 413; a broken form is answered as not a form.
func formReadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return applications.ErrFileTooLarge
	}
	return fmt.Errorf("%w: %w", errNotMultipart, err)
}

// applicationFileHandler streams a CV or portfolio as an attachment of its sniffed type, never
// rendered by the browser in our origin.
func applicationFileHandler(svc applications.Service, which applications.Which) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		f, body, err := svc.File(ctx, r.PathValue("id"), which)
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		defer body.Close()
		h := w.Header()
		h.Set("Content-Type", f.Type)
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name}))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Cache-Control", "private, no-store")
		w.WriteHeader(http.StatusOK)
		_, _ = io.Copy(w, body)
	})
}

var (
	problemApplicationNotFound = httpx.NewProblem(http.StatusNotFound, "application_not_found", i18n.Text{
		TR: "Başvuru bulunamadı.", EN: "The application was not found."})
	problemApplicationOpen = httpx.NewProblem(http.StatusConflict, "application_open", i18n.Text{
		TR: "Bu e-posta adresiyle yapılmış ve hâlâ incelenen bir başvuru var. Sonucu size e-postayla bildireceğiz.",
		EN: "There is an application with this e-mail address under review. We will let you know the outcome by e-mail."})
	problemApplicationDecided = httpx.NewProblem(http.StatusConflict, "application_decided", i18n.Text{
		TR: "Bu başvuru hakkında zaten başka bir karar verildi.", EN: "This application has already been decided otherwise."})
	problemFileTooLarge = httpx.NewProblem(http.StatusRequestEntityTooLarge, "file_too_large", i18n.Text{
		TR: "Dosya 10 MB'tan büyük olamaz.", EN: "A file may be at most 10 MB."})
	problemFileNotFound = httpx.NewProblem(http.StatusNotFound, "file_not_found", i18n.Text{
		TR: "Bu başvuruda böyle bir dosya yok.", EN: "This application has no such file."})
	problemTooManyApplications = httpx.NewProblem(http.StatusTooManyRequests, "too_many_applications", i18n.Text{
		TR: "Bu adresten son bir saatte çok fazla başvuru gönderildi. Lütfen daha sonra tekrar deneyin.",
		EN: "Too many applications were sent from this address in the last hour. Please try again later."})
)

// explainApplications maps the applications' errors to their Problems.
func explainApplications(err error) *httpx.Problem {
	switch {
	case errors.Is(err, applications.ErrNotFound):
		return problemApplicationNotFound
	case errors.Is(err, applications.ErrOpen):
		return problemApplicationOpen
	case errors.Is(err, applications.ErrDecided):
		return problemApplicationDecided
	case errors.Is(err, applications.ErrFileTooLarge):
		return problemFileTooLarge
	case errors.Is(err, applications.ErrNoFile):
		return problemFileNotFound
	case errors.Is(err, applications.ErrTooManyRequests):
		return problemTooManyApplications
	}
	return nil
}

// t is a text in both languages.
func t(tr, en string) i18n.Text { return i18n.Text{TR: tr, EN: en} }

// applicationFieldTexts word the application form's refusals (and staff's list and rejection).
var applicationFieldTexts = map[string]map[string]i18n.Text{
	"firstName": {
		"required":   t("Adınızı yazın.", "Enter your first name."),
		"too_long":   t("Ad en fazla 60 karakter olabilir.", "The first name may be at most 60 characters."),
		"characters": t("Ad, yazdırılamayan karakterler içeremez.", "The first name may not contain control characters."),
	},
	"lastName": {
		"required":   t("Soyadınızı yazın.", "Enter your last name."),
		"too_long":   t("Soyad en fazla 60 karakter olabilir.", "The last name may be at most 60 characters."),
		"characters": t("Soyad, yazdırılamayan karakterler içeremez.", "The last name may not contain control characters."),
	},
	"email": {
		"required": t("E-posta adresinizi yazın.", "Enter your e-mail address."),
		"email":    t("Geçerli bir e-posta adresi yazın (ör. ad@ornek.com).", "Enter a valid e-mail address (e.g. name@example.com)."),
	},
	"phone": {
		"required": t("Telefon numaranızı yazın.", "Enter your phone number."),
		"phone": t("Telefon numarası 7–20 rakamdan oluşmalı; başta + ile boşluk ve tire kullanılabilir.",
			"The phone number must have 7–20 digits; a leading +, spaces and dashes are allowed."),
	},
	"nativeLanguage": {
		"required": t("Ana dilinizi seçin.", "Choose your native language."),
		"language": t("Ana dil, listedeki dillerden biri olmalı.", "The native language must be one of the listed languages."),
	},
	"workingLanguages": {
		"required":    t("En az bir çalışma dili seçin.", "Choose at least one working language."),
		"too_many":    t("En fazla 10 çalışma dili seçebilirsiniz.", "You can choose at most 10 working languages."),
		"language":    t("Çalışma dilleri listedeki dillerden olmalı.", "The working languages must be among the listed languages."),
		"native_only": t("Ana dilinizin yanında en az bir çalışma dili daha seçin.", "Choose at least one working language besides your native language."),
	},
	"specializations": {
		"required":       t("En az bir uzmanlık alanı seçin.", "Choose at least one specialisation."),
		"too_many":       t("En fazla 10 uzmanlık alanı seçebilirsiniz.", "You can choose at most 10 specialisations."),
		"specialization": t("Uzmanlık alanları listedekilerden olmalı.", "The specialisations must be among the listed ones."),
	},
	"experienceYears": {
		"required": t("Kaç yıllık deneyiminiz olduğunu yazın.", "Enter your years of experience."),
		"years":    t("Deneyim 0 ile 60 arasında bir tam sayı (yıl) olmalı.", "Experience must be a whole number of years from 0 to 60."),
	},
	"education": {
		"required":   t("Eğitim bilgilerinizi yazın.", "Describe your education."),
		"too_short":  t("Eğitim bilgisi en az 2 karakter olmalı.", "The education must be at least 2 characters."),
		"too_long":   t("Eğitim bilgisi en fazla 500 karakter olabilir.", "The education may be at most 500 characters."),
		"characters": t("Eğitim bilgisi yazdırılamayan karakterler içeremez.", "The education may not contain control characters."),
	},
	"certificates": {
		"too_long":   t("Sertifikalar en fazla 1000 karakter olabilir.", "The certificates may be at most 1000 characters."),
		"characters": t("Sertifikalar yazdırılamayan karakterler içeremez.", "The certificates may not contain control characters."),
	},
	"portfolioUrl": {
		"url": t("Portfolyo bağlantısı http:// ya da https:// ile başlayan geçerli bir adres olmalı.",
			"The portfolio link must be a valid address starting with http:// or https://."),
	},
	"acceptTerms": {
		"terms": t("Devam etmek için koşulları kabul edin.", "Accept the terms to continue."),
	},
	"lang": {
		"lang": t("Dil tr ya da en olmalı.", "The language must be tr or en."),
	},
	"cv": {
		"required":  t("Özgeçmişinizi (CV) yükleyin.", "Upload your CV."),
		"file_type": t("Özgeçmiş PDF, DOCX ya da ODT dosyası olmalı.", "The CV must be a PDF, DOCX or ODT file."),
	},
	"portfolio": {
		"file_type": t("Portfolyo dosyası PDF, DOCX ya da ODT olmalı.", "The portfolio file must be a PDF, DOCX or ODT file."),
		"either":    t("Portfolyo için ya bir bağlantı ya da bir dosya verin, ikisini birden değil.", "Give either a portfolio link or a portfolio file, not both."),
	},
	"reason": {
		"required":   t("Ret gerekçesini yazın.", "Enter the reason for the rejection."),
		"too_long":   t("Gerekçe en fazla 1000 karakter olabilir.", "The reason may be at most 1000 characters."),
		"characters": t("Gerekçe yazdırılamayan karakterler içeremez.", "The reason may not contain control characters."),
	},
	"status": {
		"status": t("Durum submitted, approved ya da rejected olmalı.", "The status must be submitted, approved or rejected."),
	},
	"before": {
		"cursor": t("Sayfa, bilinmeyen bir başvurudan sonrasını istiyor.", "The page asks for what follows an unknown application."),
	},
}
