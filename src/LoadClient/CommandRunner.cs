using Npgsql;
using RpcCompare.Data.Postgres;

namespace RpcCompare.LoadClient;

/// <summary>Exit codes and the one-sentence error every command gives instead of a stack trace.</summary>
public static class CommandRunner
{
    public const int Ok = 0;
    public const int Failed = 1;
    public const int BadInput = 2;
    public const int Interrupted = 130;

    public static async Task<int> RunAsync(Func<CancellationToken, Task<int>> action)
    {
        try
        {
            return await action(Shutdown.Token);
        }
        catch (OperationCanceledException) when (Shutdown.Requested)
        {
            Console.Error.WriteLine("Interrupted.");
            return Interrupted;
        }
        catch (Exception e) when (Describe(e) is { } described)
        {
            Console.Error.WriteLine(described.Message);
            if (Environment.GetEnvironmentVariable("RPCCOMPARE_DEBUG") is { Length: > 0 })
            {
                Console.Error.WriteLine(e);
            }
            return described.ExitCode;
        }
        finally
        {
            Shutdown.RunCleanups();
        }
    }

    private static (string Message, int ExitCode)? Describe(Exception e) => e switch
    {
        UserFacingException => (e.Message, BadInput),
        PostgresUnavailableException => (e.Message, Failed),
        ArgumentException => (e.Message, BadInput),
        PostgresException pg => ($"The database refused: {pg.MessageText} (SQLSTATE {pg.SqlState}).", Failed),
        NpgsqlException npgsql => ($"Could not use the database: {npgsql.Message}", Failed),
        IOException or UnauthorizedAccessException => (e.Message, Failed),
        _ => ($"Unexpected error ({e.GetType().Name}): {e.Message}. Set RPCCOMPARE_DEBUG=1 for details.", Failed),
    };
}
