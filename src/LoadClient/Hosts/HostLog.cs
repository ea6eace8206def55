using System.Text;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>
/// A host's own output (stdout and stderr, in arrival order) kept in the results folder as host-&lt;stack&gt;.log, so a
/// failed call can be traced to what the server said. Bounded: past <see cref="MaxBytes"/> lines are counted, not
/// written, and the count is the log's last line. A log that cannot be written costs the log, never the run.
/// </summary>
internal sealed class HostLog : IDisposable
{
    /// <summary>1 MB: a run's warnings and errors fit; a host logging every request does not fill the disk.</summary>
    public const long MaxBytes = 1 << 20;

    private readonly Lock _lock = new();
    private readonly StreamWriter? _writer;
    private long _written;
    private long _dropped;

    public HostLog(string path)
    {
        try
        {
            _writer = new StreamWriter(new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read), new UTF8Encoding(false)) { AutoFlush = true };
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            _writer = null;
        }
    }

    public void Write(string line)
    {
        lock (_lock)
        {
            if (_writer is null)
            {
                return;
            }

            var bytes = Encoding.UTF8.GetByteCount(line) + 1;
            if (_dropped > 0 || _written + bytes > MaxBytes)
            {
                _dropped++;
                return;
            }

            try
            {
                _writer.WriteLine(line);
                _written += bytes;
            }
            catch (IOException)
            {
                _dropped++;
            }
        }
    }

    public void Dispose()
    {
        lock (_lock)
        {
            if (_writer is null)
            {
                return;
            }

            try
            {
                if (_dropped > 0)
                {
                    _writer.WriteLine($"[rpccompare: {_dropped:N0} more lines not kept; this log stops at {MaxBytes / 1024:N0} KB]");
                }

                _writer.Dispose();
            }
            catch (IOException)
            {
                // The log is a diagnostic: a full disk at the end must not fail the run.
            }
        }
    }
}
