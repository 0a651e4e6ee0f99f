#include "textflag.h"

// launchcall is entered through runtime.cgocall on the thread's system
// stack with the System V ABI: DI holds a *launchFrame (launchcall_amd64.go).
// Its first six words go in registers, the other five on the stack; the
// stack is 16-byte aligned at the CALL (entered at 8 mod 16, minus 56).
// BX, callee-saved, holds the frame across the call.
TEXT launchcall<>(SB), NOSPLIT|NOFRAME, $0
	SUBQ $56, SP
	MOVQ BX, 40(SP)
	MOVQ DI, BX
	MOVQ 56(BX), AX // bz
	MOVQ AX, 0(SP)
	MOVQ 64(BX), AX // shared
	MOVQ AX, 8(SP)
	MOVQ 72(BX), AX // stream
	MOVQ AX, 16(SP)
	MOVQ 80(BX), AX // params
	MOVQ AX, 24(SP)
	MOVQ 88(BX), AX // extra
	MOVQ AX, 32(SP)
	MOVQ 8(BX), DI  // f
	MOVQ 16(BX), SI // gx
	MOVQ 24(BX), DX // gy
	MOVQ 32(BX), CX // gz
	MOVQ 40(BX), R8 // bx
	MOVQ 48(BX), R9 // by
	MOVQ 0(BX), R10 // fn
	XORL AX, AX     // no vector registers used by a variadic callee
	CALL R10
	MOVQ AX, 96(BX) // ret
	MOVQ 40(SP), BX
	ADDQ $56, SP
	RET

// func launchTrampoline() uintptr
TEXT ·launchTrampoline(SB), NOSPLIT, $0-8
	LEAQ launchcall<>(SB), AX
	MOVQ AX, ret+0(FP)
	RET
