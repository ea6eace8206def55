using System.Globalization;

namespace RpcCompare.Reports.Results;

/// <summary>
/// The one way every reader (report, compare, merge, crank) opens a file of a results folder. A results folder travels
/// between people and machines, so a name in it is untrusted: it must be a plain name of a regular file that really
/// lies inside the folder (no absolute path, no "..", no link out of it, no FIFO or device), and no more is read of it
/// than a run ever writes there.
/// </summary>
public static class ResultsFolderFile
{
    /// <summary>manifest.json and summary.json: a few hundred kilobytes for the largest runs.</summary>
    public const long JsonLimit = 64L << 20;

    /// <summary>A counters file: 500 ms samples of a few dozen bytes, days of them.</summary>
    public const long CountersLimit = 256L << 20;

    /// <summary>A latency file holds one line per call; it is read whole, so it may not exceed what an array holds (Array.MaxLength).</summary>
    public const long LatenciesLimit = 0x7FFFFFC7;

    /// <summary>An interval log is read one interval at a time: its size costs time, not memory; days of intervals.</summary>
    public const long IntervalLogLimit = 4L << 30;

    /// <summary>The path of <paramref name="name"/> in <paramref name="folder"/> once checked, for readers that open it with
    /// <see cref="OpenRead"/>; throws <see cref="ResultsFormatException"/> naming the file and the fault.</summary>
    public static string Check(string folder, string name, long limit)
    {
        var path = Path.Combine(folder, name);
        if (name.Length == 0 || name is "." or ".." || name.IndexOfAny(['/', '\\', '\0']) >= 0 || Path.IsPathRooted(name))
        {
            throw new ResultsFormatException(folder, $"'{name}' is not a plain file name inside the results folder.");
        }

        var real = NativeFiles.RealPath(path);
        if (real is null)
        {
            throw new ResultsFormatException(path, "the file is missing.");
        }

        var realFolder = NativeFiles.RealPath(folder) ?? throw new ResultsFormatException(folder, "the results folder does not exist.");
        var inside = Path.EndsInDirectorySeparator(realFolder) ? realFolder : realFolder + Path.DirectorySeparatorChar;
        if (!real.StartsWith(inside, StringComparison.Ordinal))
        {
            throw new ResultsFormatException(path, $"it leads to {real}, outside the results folder; every file a results folder names must lie inside it.");
        }

        // Before opening: opening a FIFO blocks until something writes to it, and a device never ends.
        if (NativeFiles.NotARegularFile(real) is { } kind)
        {
            throw new ResultsFormatException(path, $"it is {kind}, not a regular file.");
        }

        var length = new FileInfo(real).Length;
        if (length > limit)
        {
            throw new ResultsFormatException(path, $"it is {Size(length)}, more than the {Size(limit)} a run writes there at most.");
        }

        return path;
    }

    /// <summary>Opens the file at <paramref name="path"/> once checked as a file of the folder it is in;
    /// reading past <paramref name="limit"/> bytes (a file that grows while read) throws <see cref="ResultsFormatException"/>.</summary>
    public static Stream OpenRead(string path, long limit)
    {
        var checkedPath = Check(path, limit);
        return new LimitedStream(new FileStream(checkedPath, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan), path, limit);
    }

    /// <summary>The whole file, when it is no larger than <paramref name="limit"/>, in one array of its size.</summary>
    public static async Task<byte[]> ReadAllBytesAsync(string path, long limit, CancellationToken cancellationToken)
    {
        var checkedPath = Check(path, limit);
        await using var stream = new FileStream(checkedPath, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan);
        var length = stream.Length;
        if (length > limit)
        {
            throw new ResultsFormatException(path, $"it is {Size(length)}, more than the {Size(limit)} a run writes there at most.");
        }

        var bytes = new byte[length];
        var read = await stream.ReadAtLeastAsync(bytes, bytes.Length, throwOnEndOfStream: false, cancellationToken);
        if (read == bytes.Length && await stream.ReadAsync(new byte[1], cancellationToken) > 0)
        {
            throw new ResultsFormatException(path, "it grew while it was read; read a results folder once its run has finished.");
        }

        return read == bytes.Length ? bytes : bytes[..read];
    }

    private static string Check(string path, long limit) =>
        Check(Path.GetDirectoryName(Path.GetFullPath(path))!, Path.GetFileName(path), limit);

    internal static string Size(long bytes) => bytes >= 1 << 20
        ? string.Create(CultureInfo.InvariantCulture, $"{bytes / (double)(1 << 20):0.#} MB")
        : string.Create(CultureInfo.InvariantCulture, $"{bytes} bytes");

    /// <summary>Reads on until <c>limit</c> bytes and refuses the byte after.</summary>
    private sealed class LimitedStream(Stream inner, string path, long limit) : Stream
    {
        private long _read;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _read; set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Count(inner.Read(buffer, offset, count));

        public override int Read(Span<byte> buffer) => Count(inner.Read(buffer));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            Count(await inner.ReadAsync(buffer, cancellationToken));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }

        private int Count(int read)
        {
            _read += read;
            if (_read > limit)
            {
                throw new ResultsFormatException(path, $"it grew past {Size(limit)} while it was read, more than a run writes there at most.");
            }

            return read;
        }
    }
}
