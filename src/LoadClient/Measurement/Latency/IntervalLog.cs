using HdrHistogram;
using RpcCompare.Reports.Results;
using System.Text;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The measured window's interval histograms as an HdrHistogram interval log (.hlog), written by the library's
/// <see cref="HistogramLogWriter"/>: latency over time can be plotted from it and the logs of several client machines
/// merged. Written under a temporary name and renamed when complete; a failed write costs the file, never the run.
/// </summary>
internal sealed class IntervalLog : IDisposable
{
    // HistogramLogWriter writes UTF-16; HdrHistogram's other readers (Java's log processor, HistogramLogAnalyzer) expect
    // ASCII. The writer fills this buffer, the file gets it as UTF-8.
    private readonly MemoryStream _buffer = new();
    private readonly HistogramLogWriter _writer;
    private readonly FileStream _file;
    private readonly string _path;
    private readonly string _temporaryPath;
    private bool _bomSkipped;

    public IntervalLog(string path)
    {
        _path = Path.GetFullPath(path);
        _temporaryPath = AtomicFile.TemporaryPathFor(_path);
        _file = new FileStream(_temporaryPath, FileMode.Create, FileAccess.Write, FileShare.Read);
        _writer = new HistogramLogWriter(_buffer);
    }

    /// <summary>Why the log could not be written; null while it can.</summary>
    public string? Error { get; private set; }

    /// <summary>Appends one interval, stamped with its wall-clock bounds.</summary>
    public void Append(HistogramBase interval, DateTimeOffset start, DateTimeOffset end)
    {
        if (Error is not null)
        {
            return;
        }

        interval.StartTimeStamp = start.ToUnixTimeMilliseconds();
        interval.EndTimeStamp = end.ToUnixTimeMilliseconds();
        try
        {
            InvariantFormatting.Run(() => _writer.Append(interval));
            CopyBufferToFile();
        }
        catch (IOException ex)
        {
            Error = ex.Message;
        }
    }

    /// <summary>Renames the log into place; returns its path, or null (and <see cref="Error"/> says why) when it
    /// could not be written.</summary>
    public string? Complete()
    {
        try
        {
            if (Error is null)
            {
                _file.Flush(flushToDisk: true);
                _file.Dispose();
                File.Move(_temporaryPath, _path, overwrite: true);
                return _path;
            }
        }
        catch (IOException ex)
        {
            Error = ex.Message;
        }

        Abandon();
        return null;
    }

    /// <summary>Deletes what was written: the run did not complete.</summary>
    public void Abandon()
    {
        Dispose();
        AtomicFile.TryDelete(_temporaryPath);
    }

    public void Dispose()
    {
        _writer.Dispose();
        _file.Dispose();
        _buffer.Dispose();
    }

    private void CopyBufferToFile()
    {
        var text = Encoding.Unicode.GetString(_buffer.GetBuffer(), 0, (int)_buffer.Length);
        if (!_bomSkipped)
        {
            text = text.TrimStart('\uFEFF');
            _bomSkipped = true;
        }

        var bytes = Encoding.UTF8.GetBytes(text);
        _file.Write(bytes);
        _file.Flush();
        _buffer.SetLength(0);
    }
}
