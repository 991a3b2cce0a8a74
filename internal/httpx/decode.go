package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// DecodeJSON reads exactly one JSON value of at most limit bytes (never more than MaxJSONBody)
// from r's body into v. A body not labelled as JSON is ErrUnsupportedMediaType, refused before a
// byte of it is read; a larger body is ErrBodyTooLarge; anything but one well-formed value is
// ErrMalformedJSON. An endpoint whose body is optional checks for an empty one before calling.
func DecodeJSON(r *http.Request, limit int64, v any) error {
	if !IsJSON(r.Header.Get("Content-Type")) {
		return ErrUnsupportedMediaType
	}
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, min(limit, MaxJSONBody)))
	if err := dec.Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return ErrBodyTooLarge
		}
		return ErrMalformedJSON
	}
	if _, err := dec.Token(); err != io.EOF {
		return ErrMalformedJSON
	}
	return nil
}
