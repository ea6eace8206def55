namespace RpcCompare.LoadClient.Terminal;

/// <summary>
/// The run's lines and the live status of the variant being measured: one line redrawn in place on a terminal, a plain
/// line every few seconds when the output is a file or a CI log.
/// </summary>
public sealed class RunProgress
{
    private readonly Lock _console = new();
    private readonly bool _interactive = StepProgress.IsInteractive;
    private int _statusLength;

    public void Line(string text)
    {
        lock (_console)
        {
            ClearStatus();
            Console.WriteLine(text);
        }
    }

    /// <summary>Shows <paramref name="status"/> every half second until the result is disposed, which clears it.</summary>
    public IDisposable Track(Func<string> status)
    {
        var lastPlain = DateTime.MinValue;
        var timer = new Timer(_ =>
        {
            var text = status();
            lock (_console)
            {
                if (_interactive)
                {
                    ClearStatus();
                    Console.Write(text);
                    _statusLength = text.Length;
                }
                else if (DateTime.UtcNow - lastPlain > TimeSpan.FromSeconds(5))
                {
                    lastPlain = DateTime.UtcNow;
                    Console.WriteLine(text);
                }
            }
        }, null, TimeSpan.FromMilliseconds(500), TimeSpan.FromMilliseconds(500));

        return new Finish(() =>
        {
            timer.Dispose();
            lock (_console)
            {
                ClearStatus();
            }
        });
    }

    private void ClearStatus()
    {
        if (_interactive && _statusLength > 0)
        {
            Console.Write("\r" + new string(' ', _statusLength) + "\r");
            _statusLength = 0;
        }
    }

    private sealed class Finish(Action action) : IDisposable
    {
        public void Dispose() => action();
    }
}
