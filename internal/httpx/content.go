package httpx

import (
	"mime"
	"net/http"
	"strings"

	"linguaport/internal/i18n"
)

// MaxJSONBody is the largest JSON body any service reads (DecodeJSON holds every limit to it) and
// the largest the gateway passes on to a JSON route. It stays well under what net/http's server
// drains after refusing a body (256 KiB), so a service that refuses a body early still answers on
// a connection the gateway can read the answer from.
const MaxJSONBody = 64 << 10

var msgMediaType = i18n.Text{
	TR: "İstek gövdesi JSON olmalı (Content-Type: application/json).",
	EN: "The request body must be JSON (Content-Type: application/json).",
}

// ErrUnsupportedMediaType answers a body sent to a JSON endpoint as anything but JSON. Besides
// saying what to send, it closes a door: a page of another site can post text/plain or a form
// without asking the browser's permission (a CORS preflight), but not application/json.
var ErrUnsupportedMediaType = NewProblem(http.StatusUnsupportedMediaType, "unsupported_media_type", msgMediaType)

// IsJSON reports whether a Content-Type header names JSON: application/json, with no charset or
// UTF-8, the only encoding JSON has (RFC 8259).
func IsJSON(contentType string) bool {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil || mediaType != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// IsMultipart reports whether a Content-Type header names a multipart form, the one kind of body
// besides JSON the API takes (file uploads).
func IsMultipart(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && mediaType == "multipart/form-data"
}
