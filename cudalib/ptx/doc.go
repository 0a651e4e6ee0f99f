// Package ptx parses the PTX text that NVRTC emits into a syntax tree. It
// only parses: it knows nothing of how instructions execute, and it keeps
// every opcode and modifier as written, so that whoever executes or checks
// the tree decides what each one means (as go/ast leaves meaning to
// go/types).
//
// The subset parsed is what NVRTC 11.8 to 13 emit for compute_90 with
// -lineinfo (testdata holds real samples of both): the module directives
// .version, .target and .address_size; .file (with or without timestamp
// and size) and .loc (with newer NVRTC's "function_name …, inlined_at …",
// of which only file, line and column are kept); .entry and .func with
// .visible, .extern and .weak linkage, parameter lists (.ptr, .align,
// arrays) and .func return parameters, and the directives .maxntid,
// .reqntid, .minnctapersm (any ".name args" before the body) and .pragma;
// .global, .const, .shared and .local variables, extern unsized arrays,
// and initializers of numbers, symbols and generic(symbol), nested braces
// flattened; .alias; .reg declarations with <N> ranges or plain names;
// labels, including .branchtargets tables and .callprototype; nested { }
// blocks such as call sequences; instructions with @p/@!p guards and
// operands that are registers (special registers such as %tid.x included,
// "!%p" negation, "%r|%p" pairs), integers (decimal, 0x, 0b, octal, U
// suffix, 64-bit hex), floats (0f, 0d, decimal), symbols with an optional
// +offset, addresses [base], [base+off], [base+-off], [off], vectors
// {a, _} and call lists (a, b). DWARF .section blocks are skipped. Texture
// and surface operands ([tex, {x, y}]) are not parsed.
//
// Errors are *Error values carrying the file name, line and column and
// what was expected; no input makes Parse panic (FuzzParse checks this).
package ptx
