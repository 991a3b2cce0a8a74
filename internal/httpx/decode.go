package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// DecodeJSON reads exactly one JSON value of at most limit bytes from r's body into v. A larger
// body is ErrBodyTooLarge; anything but one well-formed value is ErrMalformedJSON.
func DecodeJSON(r *http.Request, limit int64, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, limit))
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
