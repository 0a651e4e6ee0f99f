package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash/crc32"
)

func main() {
	data := []byte("culab")
	fmt.Println(hex.EncodeToString(data))
	enc := base64.StdEncoding.EncodeToString([]byte("hello, world?"))
	fmt.Println(enc, base64.URLEncoding.EncodeToString([]byte{0xfb, 0xff}))
	dec, err := base64.StdEncoding.DecodeString(enc)
	fmt.Println(string(dec), err)
	sum := sha256.Sum256(data)
	fmt.Printf("%x\n", sum)
	fmt.Println(crc32.ChecksumIEEE(data))
	_, err = hex.DecodeString("zz")
	fmt.Println(err)
}
