package pdf_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"linguaport/counting"
	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
)

func objectKey(key []byte, num int, aes bool) []byte {
	k := append(append([]byte(nil), key...), byte(num), byte(num>>8), byte(num>>16), 0, 0)
	if aes {
		k = append(k, "sAlT"...)
	}
	s := md5.Sum(k)
	return s[:min(len(key)+5, 16)]
}

func aesEncrypt(key, data []byte) []byte {
	block, _ := aes.NewCipher(key)
	pad := 16 - len(data)%16
	data = append(append([]byte(nil), data...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	iv := []byte("0123456789abcdef")
	out := make([]byte, len(data))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
	return append(append([]byte(nil), iv...), out...)
}

// encryptedDoc is a one-page document encrypted for an empty user password.
func encryptedDoc(t testing.TB, method string, wrongPassword bool) []byte {
	id := []byte("0123456789ABCDEF")
	o := bytes.Repeat([]byte{0x5a}, 32)
	p := int32(-3904)
	content := []byte("BT /F1 12 Tf 72 700 Td (Gizli belge \\(encrypted\\)) Tj ET")
	var key []byte
	var encrypt string
	switch method {
	case "RC4", "AESV2":
		h := md5.New()
		h.Write(pdf.PasswordPad)
		h.Write(o)
		binary.Write(h, binary.LittleEndian, p)
		h.Write(id)
		sum := h.Sum(nil)
		for range 50 {
			s := md5.Sum(sum[:16])
			sum = s[:]
		}
		key = sum[:16]
		x := md5.Sum(append(append([]byte(nil), pdf.PasswordPad...), id...))
		u := x[:]
		for i := 0; i <= 19; i++ {
			k := make([]byte, 16)
			for j := range k {
				k[j] = key[j] ^ byte(i)
			}
			c, _ := rc4.NewCipher(k)
			c.XORKeyStream(u, u)
		}
		u = append(u, make([]byte, 16)...)
		if wrongPassword {
			u[0] ^= 1
		}
		if method == "RC4" {
			encrypt = fmt.Sprintf("<< /Filter /Standard /V 2 /R 3 /Length 128 /P %d /O <%x> /U <%x> >>", p, o, u)
			c, _ := rc4.NewCipher(objectKey(key, 4, false))
			c.XORKeyStream(content, content)
		} else {
			encrypt = fmt.Sprintf("<< /Filter /Standard /V 4 /R 4 /Length 128 /P %d /O <%x> /U <%x> "+
				"/CF << /StdCF << /CFM /AESV2 /Length 16 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF >>", p, o, u)
			content = aesEncrypt(objectKey(key, 4, true), content)
		}
	case "AESV3":
		key = []byte("0123456789abcdef0123456789abcdef")
		vsalt, ksalt := []byte("vsalt123"), []byte("ksalt123")
		u := append(append(pdf.HashR6(nil, vsalt, 6), vsalt...), ksalt...)
		if wrongPassword {
			u[0] ^= 1
		}
		block, _ := aes.NewCipher(pdf.HashR6(nil, ksalt, 6))
		ue := make([]byte, 32)
		cipher.NewCBCEncrypter(block, make([]byte, 16)).CryptBlocks(ue, key)
		encrypt = fmt.Sprintf("<< /Filter /Standard /V 5 /R 6 /Length 256 /P %d /O <%x> /U <%x> /OE <%x> /UE <%x> /Perms <%x> "+
			"/CF << /StdCF << /CFM /AESV3 /Length 32 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF >>", p, append(o, o[:16]...), u, ue, ue, ue[:16])
		content = aesEncrypt(key, content)
	default:
		t.Fatal(method)
	}
	d := &countingtest.PDF{Trailer: fmt.Sprintf("/Encrypt 6 0 R /ID [<%x> <%x>]", id, id)}
	d.Add("<< /Type /Catalog /Pages 2 0 R >>")
	d.Add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	d.Add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
	d.Add(countingtest.PDFStream("", content))
	d.Add(helvetica)
	d.Add(encrypt)
	return d.Bytes()
}

func TestPDFEncrypted(t *testing.T) {
	for _, m := range []string{"RC4", "AESV2", "AESV3"} {
		c, err := countPDF(encryptedDoc(t, m, false))
		if err != nil || c.Words != 3 || c.Preview != "Gizli belge (encrypted)" {
			t.Errorf("%s: %+v, %v", m, c, err)
		}
		_, err = countPDF(encryptedDoc(t, m, true))
		if !errors.Is(err, counting.ErrUnsupported) {
			t.Errorf("%s with a user password: %v, want ErrUnsupported", m, err)
		}
	}
}
