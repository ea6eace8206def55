using RpcCompare.Data.Postgres;

namespace RpcCompare.UnitTests.Data;

public sealed class ConnectionPasswordTests : IDisposable
{
    private const string WithoutPassword = "Host=db.example;Port=5432;Username=rpccompare;Database=rpccompare";
    private readonly string _home = Directory.CreateTempSubdirectory("rpccompare-home-").FullName;

    public void Dispose() => Directory.Delete(_home, recursive: true);

    [Fact]
    public void NoPasswordAnywhereIsRefusedWithASentence()
    {
        var missing = ConnectionPassword.Missing(WithoutPassword, Environment(("HOME", _home)));

        Assert.Equal(
            "--require-password: the connection string (RPCCOMPARE_PG or --connection) has no Password or Passfile, and neither " +
            $"PGPASSWORD, PGPASSFILE nor {Path.Combine(_home, ".pgpass")} gives one; under crank, set the databasePasswordFile or " +
            "databasePassword variable (benchmarks/crank/README.md): rpccompare.yml has no default.", missing);
    }

    [Theory]
    [InlineData("string")]
    [InlineData("PGPASSWORD")]
    [InlineData("Passfile")]
    [InlineData("PGPASSFILE")]
    [InlineData("default passfile")]
    public void APasswordWhereverNpgsqlLooksIsEnough(string where)
    {
        var passfile = Path.Combine(_home, where == "default passfile" ? ".pgpass" : "passfile");
        File.WriteAllText(passfile, "db.example:5432:rpccompare:rpccompare:secret\n");
        var connection = where switch
        {
            "string" => WithoutPassword + ";Password=secret",
            "Passfile" => WithoutPassword + ";Passfile=" + passfile,
            _ => WithoutPassword,
        };
        var environment = Environment(("HOME", _home),
            ("PGPASSWORD", where == "PGPASSWORD" ? "secret" : null), ("PGPASSFILE", where == "PGPASSFILE" ? passfile : null));

        Assert.Null(ConnectionPassword.Missing(connection, environment));
    }

    [Fact]
    public void ANamedPassfileThatIsNotThereIsNamed()
    {
        var absent = Path.Combine(_home, "absent");

        var missing = ConnectionPassword.Missing(WithoutPassword + ";Passfile=" + absent, Environment(("HOME", _home)));

        Assert.Equal($"--require-password: the PostgreSQL passfile {absent} does not exist.", missing);
    }

    private static Func<string, string?> Environment(params (string Name, string? Value)[] variables) =>
        name => variables.FirstOrDefault(v => v.Name == name).Value;
}
