namespace RpcCompare.Reports.Results;

/// <summary>
/// Writes a file under a temporary name in the same folder and renames it into place, so a file that exists is whole
/// (the results-format promise, and what makes an interrupted run still readable). The data is flushed to the disk
/// before the rename; the folder itself is not, so after a power cut the file may be missing but never partial.
/// </summary>
public static class AtomicFile
{
    public static async Task WriteAsync(string path, Func<Stream, CancellationToken, Task> write, CancellationToken cancellationToken)
    {
        var directory = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(path))!;
        Directory.CreateDirectory(directory);
        var temporary = System.IO.Path.Combine(directory, $".{System.IO.Path.GetFileName(path)}.{Environment.ProcessId}.{Guid.NewGuid():N}.tmp");
        try
        {
            await using (var stream = new FileStream(temporary, FileMode.CreateNew, FileAccess.Write, FileShare.None, 65536, useAsync: true))
            {
                await write(stream, cancellationToken);
                await stream.FlushAsync(cancellationToken);
                // On disk before the rename: after a power cut the name must not point at a file whose data never landed.
                stream.Flush(flushToDisk: true);
            }

            File.Move(temporary, path, overwrite: true);
        }
        finally
        {
            if (File.Exists(temporary))
            {
                File.Delete(temporary);
            }
        }
    }

    /// <summary>Where a file that is written over a long time (a latencies CSV) lives until it is complete and renamed.</summary>
    public static string TemporaryPathFor(string path) => path + ".tmp";

    public static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Best effort: a leftover temporary file is never mistaken for a result.
        }
    }

    public static Task WriteAllBytesAsync(string path, ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken) =>
        WriteAsync(path, async (stream, ct) => await stream.WriteAsync(bytes, ct), cancellationToken);

    public static Task WriteAllTextAsync(string path, string text, CancellationToken cancellationToken) =>
        WriteAllBytesAsync(path, new System.Text.UTF8Encoding(encoderShouldEmitUTF8Identifier: false).GetBytes(text), cancellationToken);
}
