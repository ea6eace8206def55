using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;

// Usage:
//   CounterTarget idle                 allocate and burn a little CPU until killed
//   CounterTarget send <port> <bytes>  connect to 127.0.0.1:<port>, wait for one byte, send <bytes>, then idle until
//                                      the peer closes the connection
// Either way the process ends by itself after two minutes, so a failed test never leaves it behind.
var lifetime = Task.Delay(TimeSpan.FromMinutes(2));
var churn = new Churn();

switch (args)
{
    case ["idle"]:
        Console.WriteLine("ready");
        await churn.RunUntilAsync(lifetime);
        return 0;

    case ["send", var portText, var bytesText] when int.TryParse(portText, out int port) && int.TryParse(bytesText, out int bytes):
        using (var client = new TcpClient())
        {
            await client.ConnectAsync(IPAddress.Loopback, port);
            var stream = client.GetStream();
            Console.WriteLine("connected");
            var go = new byte[1];
            if (await stream.ReadAsync(go) == 0)
            {
                return 2;
            }

            var chunk = new byte[16 * 1024];
            for (int sent = 0; sent < bytes; sent += chunk.Length)
            {
                await stream.WriteAsync(chunk.AsMemory(0, Math.Min(chunk.Length, bytes - sent)));
                churn.Step();
                await Task.Delay(20);
            }

            Console.WriteLine("sent");
            var closed = stream.ReadAsync(go).AsTask();
            await churn.RunUntilAsync(Task.WhenAny(closed, lifetime));
        }

        return 0;

    default:
        Console.Error.WriteLine("usage: CounterTarget idle | send <port> <bytes>");
        return 1;
}

/// <summary>Allocation, CPU work and a full collection now and then, so every runtime counter moves.</summary>
internal sealed class Churn
{
    private int _steps;
    private byte[] _kept = [];

    public void Step()
    {
        var pieces = new byte[64][];
        for (int i = 0; i < pieces.Length; i++)
        {
            pieces[i] = new byte[4096];
            Random.Shared.NextBytes(pieces[i]);
        }

        _kept = SHA256.HashData(pieces[^1]);
        if (++_steps % 40 == 0)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
        }
    }

    public async Task RunUntilAsync(Task stop)
    {
        while (!stop.IsCompleted)
        {
            Step();
            await Task.Delay(20);
        }

        GC.KeepAlive(_kept);
    }
}
