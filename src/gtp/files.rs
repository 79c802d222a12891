//! The files that commands name (`loadsgf`, `printsgf`, `moku_review`,
//! `moku_consistency`): read with a size limit, the errors in GNU Go's
//! words.

use super::protocol::GtpError;

/// The bytes of the SGF file at `path`. One byte past the size limit is
/// enough for the reader to refuse the file; reading no further keeps
/// `loadsgf /dev/zero` from taking all memory.
pub(super) fn read_sgf_file(path: &str) -> Result<Vec<u8>, GtpError> {
    let cannot = || GtpError::Other(format!("cannot open or parse '{path}'"));
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(
            std::fs::File::open(path).map_err(|_| cannot())?,
            crate::sgf::MAX_FILE_BYTES as u64 + 1,
        ),
        &mut bytes,
    )
    .map_err(|_| cannot())?;
    Ok(bytes)
}
