package main

import (
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"hash/crc64"
	"hash/fnv"
)

func main() {
	data := []byte("culab: CUDA labs in a Go notebook")
	fmt.Printf("%08x\n", crc32.ChecksumIEEE(data))
	fmt.Printf("%08x\n", crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli)))
	fmt.Printf("%016x\n", crc64.Checksum(data, crc64.MakeTable(crc64.ECMA)))
	fmt.Printf("%08x\n", adler32.Checksum(data))
	h := fnv.New64a()
	h.Write(data[:5])
	h.Write(data[5:])
	fmt.Printf("%016x %d\n", h.Sum64(), h.Size())
	h32 := fnv.New32()
	h32.Write(data)
	fmt.Printf("%x\n", h32.Sum(nil))
}
