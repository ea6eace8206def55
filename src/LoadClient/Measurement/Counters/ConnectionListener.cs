using System.Diagnostics;
using System.Diagnostics.Tracing;

namespace RpcCompare.LoadClient.Measurement.Counters;

/// <summary>
/// Every TCP connection this process establishes while it listens, whichever client library opened it: the runtime's
/// own System.Net.Sockets events, so gRPC, the HTTP clients and WCF's NetTcp transport are counted by one rule. The runtime
/// ends every connect attempt with ConnectStop, right after ConnectFailed on the same thread when it failed: a ConnectStop
/// without that is a connection. A refused connect is not a connection and is not counted.
/// </summary>
public sealed class ConnectionListener : EventListener
{
    private const string SocketsSource = "System.Net.Sockets";
    private const string ConnectStop = "ConnectStop";
    private const string ConnectFailed = "ConnectFailed";

    [ThreadStatic]
    private static bool t_failed;

    private Action<long>? _onConnected;
    private long _count;

    /// <param name="onConnected">Called with the Stopwatch timestamp of each connection, on the thread that connected.</param>
    public ConnectionListener(Action<long> onConnected) => _onConnected = onConnected;

    public long Count => Interlocked.Read(ref _count);

    /// <summary>How the count is taken, for the results.</summary>
    public static string Description =>
        "connections opened are the TCP connections the load client's process established (the runtime's System.Net.Sockets ConnectStop events), whichever client library opened them";

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        // Called from the base constructor too, before this one's fields are set: enabling needs none of them.
        if (eventSource.Name == SocketsSource)
        {
            EnableEvents(eventSource, EventLevel.Informational);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventName == ConnectFailed)
        {
            t_failed = true;
        }
        else if (eventData.EventName == ConnectStop)
        {
            var failed = t_failed;
            t_failed = false;
            if (!failed && _onConnected is { } onConnected)
            {
                Interlocked.Increment(ref _count);
                onConnected(Stopwatch.GetTimestamp());
            }
        }
    }

    public override void Dispose()
    {
        _onConnected = null;
        base.Dispose();
    }
}
