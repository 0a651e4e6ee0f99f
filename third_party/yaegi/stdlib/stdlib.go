//go:build go1.21

// Package stdlib provides wrappers of standard library packages to be imported natively in Yaegi.
package stdlib

import "reflect"

// Symbols variable stores the map of stdlib symbols per package.
var Symbols = map[string]map[string]reflect.Value{}

// MapTypes variable contains a map of functions which have an interface{} as parameter but
// do something special if the parameter implements a given interface.
var MapTypes = map[reflect.Value][]reflect.Type{}

func init() {
	Symbols["github.com/traefik/yaegi/stdlib/stdlib"] = map[string]reflect.Value{
		"Symbols": reflect.ValueOf(Symbols),
	}
	Symbols["."] = map[string]reflect.Value{
		"MapTypes": reflect.ValueOf(MapTypes),
	}
}

// Provide access to go standard library (http://golang.org/pkg/)
// go list std | grep -v internal | grep -v '\.' | grep -v unsafe | grep -v syscall

//go:generate go run ../internal/cmd/culabextract go1.26 archive/tar archive/zip
//go:generate go run ../internal/cmd/culabextract go1.26 bufio bytes cmp
//go:generate go run ../internal/cmd/culabextract go1.26 compress/bzip2 compress/flate compress/gzip compress/lzw compress/zlib
//go:generate go run ../internal/cmd/culabextract go1.26 container/heap container/list container/ring
//go:generate go run ../internal/cmd/culabextract go1.26 context crypto crypto/aes crypto/cipher crypto/des crypto/dsa crypto/ecdsa crypto/ecdh
//go:generate go run ../internal/cmd/culabextract go1.26 crypto/ed25519 crypto/elliptic crypto/hmac crypto/md5 crypto/rand
//go:generate go run ../internal/cmd/culabextract go1.26 crypto/rc4 crypto/rsa crypto/sha1 crypto/sha256 crypto/sha512
//go:generate go run ../internal/cmd/culabextract go1.26 crypto/subtle crypto/tls crypto/x509 crypto/x509/pkix
//go:generate go run ../internal/cmd/culabextract go1.26 database/sql database/sql/driver
//go:generate go run ../internal/cmd/culabextract go1.26 debug/buildinfo debug/dwarf debug/elf debug/gosym debug/macho debug/pe debug/plan9obj
//go:generate go run ../internal/cmd/culabextract go1.26 encoding encoding/ascii85 encoding/asn1 encoding/base32
//go:generate go run ../internal/cmd/culabextract go1.26 encoding/base64 encoding/binary encoding/csv encoding/gob
//go:generate go run ../internal/cmd/culabextract go1.26 encoding/hex encoding/json encoding/pem encoding/xml
//go:generate go run ../internal/cmd/culabextract go1.26 errors expvar flag fmt
//go:generate go run ../internal/cmd/culabextract go1.26 go/ast go/build go/build/constraint go/constant go/doc go/doc/comment go/format
//go:generate go run ../internal/cmd/culabextract go1.26 go/importer go/parser go/printer go/scanner go/token go/types
//go:generate go run ../internal/cmd/culabextract go1.26 hash hash/adler32 hash/crc32 hash/crc64 hash/fnv hash/maphash
//go:generate go run ../internal/cmd/culabextract go1.26 html html/template
//go:generate go run ../internal/cmd/culabextract go1.26 image image/color image/color/palette
//go:generate go run ../internal/cmd/culabextract go1.26 image/draw image/gif image/jpeg image/png index/suffixarray
//go:generate go run ../internal/cmd/culabextract go1.26 io io/fs io/ioutil log log/syslog log/slog
//go:generate go run ../internal/cmd/culabextract go1.26 maps math math/big math/bits math/cmplx math/rand
//go:generate go run ../internal/cmd/culabextract go1.26 mime mime/multipart mime/quotedprintable
//go:generate go run ../internal/cmd/culabextract go1.26 net net/http net/http/cgi net/http/cookiejar net/http/fcgi
//go:generate go run ../internal/cmd/culabextract go1.26 net/http/httptest net/http/httptrace net/http/httputil net/http/pprof
//go:generate go run ../internal/cmd/culabextract go1.26 net/mail net/netip net/rpc net/rpc/jsonrpc net/smtp net/textproto net/url
//go:generate go run ../internal/cmd/culabextract go1.26 os os/signal os/user
//go:generate go run ../internal/cmd/culabextract go1.26 path path/filepath reflect regexp regexp/syntax
//go:generate go run ../internal/cmd/culabextract go1.26 runtime runtime/debug runtime/metrics runtime/pprof runtime/trace
//go:generate go run ../internal/cmd/culabextract go1.26 slices sort strconv strings sync sync/atomic
//go:generate go run ../internal/cmd/culabextract go1.26 testing testing/fstest testing/iotest testing/quick testing/slogtest
//go:generate go run ../internal/cmd/culabextract go1.26 text/scanner text/tabwriter text/template text/template/parse
//go:generate go run ../internal/cmd/culabextract go1.26 time unicode unicode/utf16 unicode/utf8
