using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// Live progress of the variant being measured (done / planned requests or seconds, requests per second, p99 so far): one line redrawn in
/// place on a terminal, a plain line every few seconds when the output is a file or a CI log.
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

    public IDisposable Track(string stack, string variant, LoadPlan plan, LatencyRecorder recorder)
    {
        var label = $"{StackCatalog.DisplayName(stack)}{(variant.Length == 0 ? "" : " " + variant)}";
        var lastPlain = DateTime.MinValue;
        string Done(LatencySnapshot s) => plan.Requests is { } requests
            ? $"{s.Requests:N0} done of {requests:N0}"
            : $"{s.Requests:N0} done, {s.MeasuredTime.TotalSeconds:N0} of {plan.Duration!.Value.TotalSeconds:N0} s";
        string Describe(LatencySnapshot s) =>
            $"  {label}: {s.Phase.ToString().ToLowerInvariant()}, {Done(s)}, " +
            $"{s.RequestsPerSecond:N0} req/s, p99 {(s.P99Ms is { } p99 ? $"{p99:N1} ms" : "-")}, {s.Errors:N0} errors";

        var timer = new Timer(_ =>
        {
            var text = Describe(recorder.Snapshot);
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
