// A shared-memory race report from a core to the detector's report writer
// (docs/detector.md §6.4): the fields of record v2 that a core knows, in
// one SHR_BITS-wide word. Producer: gpu_smem; consumer: scord_top.
`ifndef SCORD_SHR_VH
`define SCORD_SHR_VH
`define SHR_BITS        128
`define SHR_TYPE        3:0     // DET_RACE_SHARED or DET_RACE_SHARED_WARP
`define SHR_KIND        5:4     // current access: DET_EV_LOAD / STORE / ATOMIC
`define SHR_SIZE        7:6     // current access size, log2 bytes
`define SHR_PREV_WRITE  8       // the previous access wrote
`define SHR_PREV_ATOM   9       // ... was an atomic
`define SHR_PC          41:10
`define SHR_ADDR        73:42   // SMEM_BASE + offset in the block's slice
`define SHR_ADDR_LO     42      // (scord_sh_check's queue holds the offset here)
`define SHR_BLOCK       89:74   // block id, low 16 bits
`define SHR_WARP        94:90   // warp in block
`define SHR_LANE        99:95
`define SHR_PREV_WARP   104:100 // previous access: warp in block
`define SHR_PREV_LANE   109:105
`define SHR_PREV_PCIDX  125:110
`define SHR_PREV_EXACT  126     // 0: the previous access is another lane of SHR_PREV_*'s warp
// The tag scord_sh_check gives an access for its way through gpu_smem:
// {generation, epoch, warp syncs, fences, PC (PC_W bits), block, warp in
// block, the slice's base (SAW bits)}.
`define SH_TAG_BITS(PC_W, SAW) (1 + 8 + 8 + 6 + (PC_W) + 16 + 5 + (SAW))
`endif
