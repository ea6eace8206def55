using System.Diagnostics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Samples the load client's own process over a window: CPU time (<see cref="Environment.CpuUsage"/>, the same
/// figure as Process.TotalProcessorTime) and the peak working set, polled every interval. Cheap enough to run beside
/// the workers, so the client's own cost can be reported next to the server's.
/// </summary>
public sealed class ClientProcessSampler : IDisposable
{
    private readonly Timer _timer;
    private readonly long _startTimestamp;
    private readonly TimeSpan _startCpu;
    private long _peakWorkingSet;
    private ClientProcessUsage? _final;

    private ClientProcessSampler(TimeSpan interval)
    {
        _startTimestamp = Stopwatch.GetTimestamp();
        _startCpu = Environment.CpuUsage.TotalTime;
        _peakWorkingSet = WorkingSet();
        _timer = new Timer(_ => SampleWorkingSet(), null, interval, interval);
    }

    /// <summary>Starts a window now, polling the working set every <paramref name="interval"/> (default 500 ms).</summary>
    public static ClientProcessSampler Start(TimeSpan? interval = null)
    {
        var period = interval ?? TimeSpan.FromMilliseconds(500);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(period, TimeSpan.Zero, nameof(interval));
        return new ClientProcessSampler(period);
    }

    /// <summary>The usage so far; the window goes on.</summary>
    public ClientProcessUsage Current()
    {
        if (_final is not null)
        {
            return _final;
        }

        SampleWorkingSet();
        var elapsed = Stopwatch.GetElapsedTime(_startTimestamp);
        var cpu = Environment.CpuUsage.TotalTime - _startCpu;
        double cpuPercent = elapsed > TimeSpan.Zero ? cpu / elapsed / Environment.ProcessorCount * 100 : 0;
        return new ClientProcessUsage(elapsed, cpu, cpuPercent, Interlocked.Read(ref _peakWorkingSet) / 1_000_000.0);
    }

    /// <summary>Ends the window and returns its usage; later calls return the same figures.</summary>
    public ClientProcessUsage Stop()
    {
        if (_final is null)
        {
            _timer.Dispose();
            _final = Current();
        }

        return _final;
    }

    /// <summary>Stops polling.</summary>
    public void Dispose() => _timer.Dispose();

    /// <summary>The process's working set without the machine-speed probe's resident walk (CpuSpeed), which is the
    /// same in every window and no part of a stack's client.</summary>
    private static long WorkingSet() => Environment.WorkingSet - CpuSpeed.ResidentBytes;

    private void SampleWorkingSet()
    {
        long workingSet = WorkingSet();
        long peak = Interlocked.Read(ref _peakWorkingSet);
        while (workingSet > peak)
        {
            long seen = Interlocked.CompareExchange(ref _peakWorkingSet, workingSet, peak);
            if (seen == peak)
            {
                break;
            }

            peak = seen;
        }
    }
}

/// <summary>The client's own cost over a window.</summary>
/// <param name="Elapsed">Length of the window.</param>
/// <param name="CpuTime">CPU time used by every thread of the process in the window.</param>
/// <param name="CpuPercent">CPU time in percent of all the machine's cores over the window.</param>
/// <param name="PeakWorkingSetMb">Highest working set seen, in MB (10^6 bytes, as the runtime counters).</param>
public sealed record ClientProcessUsage(TimeSpan Elapsed, TimeSpan CpuTime, double CpuPercent, double PeakWorkingSetMb);
