package pdf

// Encryption: the Standard security handler, for documents that open with an empty user
// password (RC4 and AES, revisions 2 to 6); one that asks for a password is ErrUnsupported.

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"io"
)

var passwordPad = []byte{
	0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
	0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
}

type decrypter struct {
	key    []byte
	method string // "RC4", "AESV2", "AESV3" or "None"
}

func passwordProtected() error {
	return unsupported("the PDF is protected by a password")
}

func (d *document) setupCrypt(encObj pdfObject) {
	enc := d.dictOf(encObj)
	if enc == nil {
		fail(malformed("bad Encrypt dictionary"))
	}
	if f := d.nameOf(enc["Filter"]); f != "Standard" {
		fail(unsupported("the PDF is encrypted with the %q security handler", string(f)))
	}
	v, _ := d.intOf(enc["V"])
	r, _ := d.intOf(enc["R"])
	length, ok := d.intOf(enc["Length"])
	if !ok {
		length = 40
	}
	o, _ := d.resolve(enc["O"]).(pdfString)
	u, _ := d.resolve(enc["U"]).(pdfString)
	p, _ := d.intOf(enc["P"])
	var id0 []byte
	if ids := d.arrayOf(d.trailer["ID"]); len(ids) > 0 {
		id0, _ = d.resolve(ids[0]).(pdfString)
	}
	encMeta := true
	if b, ok := d.resolve(enc["EncryptMetadata"]).(bool); ok {
		encMeta = b
	}
	method := "RC4"
	if v == 4 || v == 5 {
		method = "None"
		stmf := d.nameOf(enc["StmF"])
		if stmf != "" && stmf != "Identity" {
			cf := d.dictOf(d.dictOf(enc["CF"])[stmf])
			switch d.nameOf(cf["CFM"]) {
			case "V2":
				method = "RC4"
				if l, ok := d.intOf(cf["Length"]); ok {
					if l <= 16 {
						l *= 8
					}
					length = l
				}
			case "AESV2":
				method, length = "AESV2", 128
			case "AESV3":
				method, length = "AESV3", 256
			case "None":
			default:
				fail(unsupported("unknown PDF crypt filter"))
			}
		}
	}
	c := &decrypter{method: method}
	switch r {
	case 2, 3, 4:
		if len(o) < 32 || len(u) < 16 {
			fail(malformed("bad Encrypt dictionary"))
		}
		n := 5
		if r >= 3 {
			n = int(min(max(length/8, 5), 16))
		}
		h := md5.New()
		h.Write(passwordPad)
		h.Write(o[:32])
		h.Write([]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)})
		h.Write(id0)
		if r >= 4 && !encMeta {
			h.Write([]byte{0xff, 0xff, 0xff, 0xff})
		}
		sum := h.Sum(nil)
		if r >= 3 {
			for range 50 {
				s := md5.Sum(sum[:n])
				sum = s[:]
			}
		}
		c.key = sum[:n]
		if !checkUserKey(c.key, int(r), u, id0) {
			fail(passwordProtected())
		}
	case 5, 6:
		ue, _ := d.resolve(enc["UE"]).(pdfString)
		if len(u) < 48 || len(ue) < 32 {
			fail(malformed("bad Encrypt dictionary"))
		}
		if !bytes.Equal(hashR6(nil, u[32:40], int(r)), u[:32]) {
			fail(passwordProtected())
		}
		ik := hashR6(nil, u[40:48], int(r))
		block, _ := aes.NewCipher(ik)
		key := make([]byte, 32)
		cipher.NewCBCDecrypter(block, make([]byte, 16)).CryptBlocks(key, ue[:32])
		c.key = key
		if method == "RC4" {
			c.method = "AESV3"
		}
	default:
		fail(unsupported("unknown PDF encryption revision %d", r))
	}
	d.crypt = c
}

func checkUserKey(key []byte, r int, u, id0 []byte) bool {
	c, err := rc4.NewCipher(key)
	if err != nil {
		return false
	}
	if r == 2 {
		out := make([]byte, 32)
		c.XORKeyStream(out, passwordPad)
		return len(u) >= 32 && bytes.Equal(out, u[:32])
	}
	h := md5.New()
	h.Write(passwordPad)
	h.Write(id0)
	x := h.Sum(nil)
	c.XORKeyStream(x, x)
	k := make([]byte, len(key))
	for i := 1; i <= 19; i++ {
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		ci, _ := rc4.NewCipher(k)
		ci.XORKeyStream(x, x)
	}
	return bytes.Equal(x[:16], u[:16])
}

// hashR6 is the password hash of revisions 5 and 6 (ISO 32000-2, algorithm 2.B).
func hashR6(pw, salt []byte, r int) []byte {
	h := sha256.New()
	h.Write(pw)
	h.Write(salt)
	k := h.Sum(nil)
	if r == 5 {
		return k
	}
	for i := 1; ; i++ {
		k1 := bytes.Repeat(append(append([]byte(nil), pw...), k...), 64)
		block, _ := aes.NewCipher(k[:16])
		e := make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, k[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, b := range e[:16] {
			sum += int(b)
		}
		var hh hash.Hash
		switch sum % 3 {
		case 0:
			hh = sha256.New()
		case 1:
			hh = sha512.New384()
		default:
			hh = sha512.New()
		}
		hh.Write(e)
		k = hh.Sum(nil)
		if i >= 64 && int(e[len(e)-1]) <= i-32 {
			break
		}
	}
	return k[:32]
}

// reader decrypts the n bytes r reads, the data of object num, gen: RC4 as a stream, AES
// block by block, so that a stream is not held whole to be decrypted.
func (c *decrypter) reader(num, gen int, r io.Reader, n int64) io.Reader {
	switch c.method {
	case "None":
		return r
	case "AESV3":
		return newAESReader(c.key, r, n)
	}
	k := append(append([]byte(nil), c.key...), byte(num), byte(num>>8), byte(num>>16), byte(gen), byte(gen>>8))
	if c.method == "AESV2" {
		k = append(k, "sAlT"...)
	}
	sum := md5.Sum(k)
	objKey := sum[:min(len(c.key)+5, 16)]
	if c.method == "AESV2" {
		return newAESReader(objKey, r, n)
	}
	rc, err := rc4.NewCipher(objKey)
	if err != nil {
		return r
	}
	return cipher.StreamReader{S: rc, R: r}
}

// aesReader decrypts AES-CBC data of a known length: a 16-byte IV, then blocks; the padding
// of the last block is dropped. Data shorter than two blocks is empty, a partial last block
// ignored.
type aesReader struct {
	r      io.Reader
	key    []byte
	mode   cipher.BlockMode // nil until the IV is read
	blocks int64            // blocks still to read
	buf    []byte
	out    []byte // decrypted, not yet returned
}

func newAESReader(key []byte, r io.Reader, n int64) io.Reader {
	if _, err := aes.NewCipher(key); err != nil || n < 32 {
		return bytes.NewReader(nil)
	}
	return &aesReader{r: r, key: key, blocks: (n - 16) / 16}
}

func (a *aesReader) Read(p []byte) (int, error) {
	for len(a.out) == 0 {
		if a.blocks == 0 {
			return 0, io.EOF
		}
		if a.mode == nil {
			iv := make([]byte, aes.BlockSize)
			if _, err := io.ReadFull(a.r, iv); err != nil {
				return 0, io.EOF
			}
			block, _ := aes.NewCipher(a.key)
			a.mode, a.buf = cipher.NewCBCDecrypter(block, iv), make([]byte, 16<<10)
		}
		chunk := a.buf[:min(a.blocks, int64(len(a.buf)/aes.BlockSize))*aes.BlockSize]
		if _, err := io.ReadFull(a.r, chunk); err != nil {
			a.blocks = 0
			return 0, io.EOF
		}
		a.mode.CryptBlocks(chunk, chunk)
		if a.blocks -= int64(len(chunk) / aes.BlockSize); a.blocks == 0 {
			if pad := int(chunk[len(chunk)-1]); pad >= 1 && pad <= aes.BlockSize {
				chunk = chunk[:len(chunk)-pad]
			}
		}
		a.out = chunk
	}
	n := copy(p, a.out)
	a.out = a.out[n:]
	return n, nil
}
