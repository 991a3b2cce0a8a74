package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
)

// DecodeJSON reads exactly one JSON value of at most limit bytes (never more than MaxJSONBody)
// from r's body into v. A body not labelled as JSON is ErrUnsupportedMediaType, refused before a
// byte of it is read; a larger body is ErrBodyTooLarge; anything but one well-formed value is
// ErrMalformedJSON. An endpoint whose body is optional checks for an empty one before calling.
func DecodeJSON(r *http.Request, limit int64, v any) error {
	return decodeJSON(r, limit, v, false)
}

// DecodeJSONStrict is DecodeJSON refusing a field v does not have (400 unknown_field, naming
// it): for the API integrators call (DESIGN §15), where a misspelt field silently ignored would
// do something else than asked.
func DecodeJSONStrict(r *http.Request, limit int64, v any) error {
	return decodeJSON(r, limit, v, true)
}

func decodeJSON(r *http.Request, limit int64, v any, strict bool) error {
	if !IsJSON(r.Header.Get("Content-Type")) {
		return ErrUnsupportedMediaType
	}
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, min(limit, MaxJSONBody)))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return ErrBodyTooLarge
		}
		// encoding/json words an unknown field `json: unknown field "name"` and has no type for it.
		if name, ok := strings.CutPrefix(err.Error(), `json: unknown field "`); ok && strict {
			name = strings.TrimSuffix(name, `"`)
			return ErrUnknownField.WithField(name, msgUnknownField)
		}
		return ErrMalformedJSON
	}
	if _, err := dec.Token(); err != io.EOF {
		return ErrMalformedJSON
	}
	return nil
}
